import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// PostgreSQL bigint (int8) and numeric come back as strings by default, which is what money needs: never let
// them become JavaScript numbers. Counts are cast explicitly where a number is wanted.

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** Called when an idle connection dies (database restarted, network cut); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

export function connectDatabase(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // Fail fast when the database is unreachable, so a request gets a 503 quickly instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    application_name: 'remittance-wallet',
  });
  // Without a listener an idle client's error would crash the process; the pool drops that client itself.
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** SQLSTATE classes and network errors that mean "the database is not there", not "your request is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}
