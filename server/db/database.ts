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
  /** What pg_stat_activity shows for these connections. */
  applicationName?: string | undefined;
  /**
   * Called when a connection dies (database restarted, backend terminated, network cut), idle or checked out; the
   * pool replaces it, and the request that held it gets the error (a 503).
   */
  onConnectionError?: (error: Error) => void;
}

export function connectDatabase(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // Fail fast when the database is unreachable, so a request gets a 503 quickly instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'remittance-wallet',
  });
  // A client emits 'error' when its socket dies; with no listener Node throws it and the process exits. The pool
  // listens on idle clients only, so a client checked out between two statements of a transaction (a backend
  // terminated, a restart) would take the whole server down: listen on every client from its connection on. The
  // query in flight is rejected on its own, and the pool drops the broken client when it is released.
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onConnectionError?.(error));
  });
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
