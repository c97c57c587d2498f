import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { LoggerOptions } from 'pino';
import { installZodMessages } from '../common/api/zod-messages.ts';
import { appVersion, type Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './clock.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';

installZodMessages();

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  /** Time for the modules that need it (code expiry, holds); the system clock by default. */
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: LoggerOptions | false;
}

/** An incoming request id is kept only when it looks like one, so logs cannot be injected through it. */
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole HTTP application, without listening: main.ts listens on PORT, tests on port 0. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    logger: deps.logger === false ? false : (deps.logger ?? { level: config.LOG_LEVEL }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The header is read by genReqId, which validates it; Fastify would take it as it comes.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    // Requests that would hang (slow clients, slowloris) are cut rather than holding a connection for ever.
    requestTimeout: 30_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, production);
  await registerApiDocs(app, appVersion);

  await app.register(healthRoutes, { prefix: '/api', db: deps.db, version: appVersion });

  await registerWebApp(app, config.webDistDir);
  return app;
}
