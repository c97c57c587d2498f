import path from 'node:path';
import { z } from 'zod';

/** Where the project lives, so relative paths (data dir, built web app) do not depend on the cwd. */
export const projectRoot = path.resolve(import.meta.dirname, '..');

const port = z.coerce.number().int().min(0).max(65_535);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An external PostgreSQL; when absent an embedded one is started from `EMBEDDED_PG_DIR`. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_DIR: z.string().min(1).default('.data/pg'),
  /** Never 5432: a system PostgreSQL may hold it. */
  EMBEDDED_PG_PORT: port.default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** JSON bodies are small in this API; a larger one is a mistake or an attack. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(100 * 1024),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
});

export type Config = z.infer<typeof configSchema> & { embeddedPgDir: string; webDistDir: string };

export class ConfigError extends Error {}

/** Parses the environment once; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    embeddedPgDir: path.resolve(projectRoot, c.EMBEDDED_PG_DIR),
    webDistDir: path.resolve(projectRoot, c.WEB_DIST_DIR),
  };
}

export const appVersion = process.env.npm_package_version ?? '0.1.0';
