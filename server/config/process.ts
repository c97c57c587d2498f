import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { port, milliseconds } from './variables.ts';

/** The process: environment, listening, the database and its bounds, HTTP bounds, the public origin. Composed with the other areas in server/config.ts. */
export const processVariables = {
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
  /** What pg_stat_activity shows for this process's connections (tell API servers, workers and tools apart). */
  DB_APPLICATION_NAME: z.string().min(1).max(63).default('remittance-wallet'),
  // Database bounds, for the app's sessions, whichever database; migrations and operator commands
  // run without them.
  /** Longest statement; a runaway query is cancelled (503) instead of holding a connection. */
  DB_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  /** Longest wait for a lock held by another session; then 503, instead of waiting until the process dies. */
  DB_LOCK_TIMEOUT_MS: milliseconds(5_000),
  /** A session idle inside an open transaction this long is ended by the database, releasing its row locks. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(20_000),
  /** No answer at all from the database this long (a host gone silent): the query fails, its connection is dropped. */
  DB_QUERY_TIMEOUT_MS: milliseconds(15_000),
  /**
   * Parameterised queries as named prepared statements, parsed and planned once per connection. `off`
   * behind a pooler in transaction mode (PgBouncer before 1.21), where a connection's statements do not follow the
   * client.
   */
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /** A request not answered this long gets a 503 (the handler's database work is bounded by the settings above). */
  REQUEST_HANDLER_TIMEOUT_MS: milliseconds(30_000),
  /** API processes `npm start` runs (Node's cluster module, one PostgreSQL); default: one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** JSON bodies are small in this API; a larger one is a mistake or an attack. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(100 * 1024),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  /** Prometheus metrics on this port of 127.0.0.1 (GET /metrics), summed over the cluster's processes; unset = off. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `false`, `true`, a hop count, or a comma list of proxy addresses/CIDRs (Fastify's trustProxy). */
  TRUST_PROXY: z.string().min(1).default('false'),
  /** The browser-facing origin, for links in e-mails (`https://wallet.example.com`). Required in production. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
};
