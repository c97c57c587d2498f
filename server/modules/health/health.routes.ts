import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../common/api/health.ts';
import type { Database } from '../../db/schema.ts';

interface HealthOptions {
  db: Kysely<Database>;
  version: string;
}

/** A probe for load balancers and the start-up check: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, version }) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Service and database health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await sql`SELECT 1`
        .execute(db)
        .then(() => true)
        .catch(() => false);
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down', version });
    },
  );
};
