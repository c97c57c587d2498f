import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// PostgreSQL bigint (int8) and numeric come back as strings by default, which is what money needs: never let
// them become JavaScript numbers. Counts are cast explicitly where a number is wanted.

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Bounds on every session's work, so a lock held elsewhere, a runaway statement, a session left
 * in a transaction or a database host gone silent costs a request a bounded wait (then a 503), never the process.
 */
export interface DatabaseTimeouts {
  /** Server side: longest statement (statement_timeout). */
  statementMs: number;
  /** Server side: longest wait for a row or table lock (lock_timeout). */
  lockMs: number;
  /** Server side: a session idle inside a transaction this long is ended, releasing its locks. */
  idleInTransactionMs: number;
  /** Client side: no answer at all this long (a silent network) fails the query and discards the connection. */
  queryMs: number;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /**
   * Run parameterised queries as named prepared statements: PostgreSQL parses and plans each
   * distinct query text once per connection instead of at every call. Off for migrations and operator tools,
   * whose texts run once and whose DDL would only invalidate plans.
   */
  preparedStatements?: boolean;
  /** What pg_stat_activity shows for these connections. */
  applicationName?: string | undefined;
  /**
   * The role every connection acts as, set before the pool hands the connection out (`SET ROLE`): the app's role
   * (APP_ROLE) for the API processes and workers, so the database's privileges bind them (ADR 003). Unset for
   * migrations, operator tools and fixtures, which act as the login (the owner). A connection whose SET ROLE fails
   * is closed and the error reaches the caller: it never runs a query as the login instead.
   */
  role?: string | undefined;
  /** Unset for operator tools and migrations, which may legitimately run long. */
  timeouts?: DatabaseTimeouts | undefined;
  /**
   * Called when a connection dies (database restarted, backend terminated, network cut), idle or checked out; the
   * pool replaces it, and the request that held it gets the error (a 503).
   */
  onConnectionError?: (error: Error) => void;
}

/** The configured bounds (server/config/process.ts, docs/configuration.md). */
export function databaseTimeouts(config: {
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DB_QUERY_TIMEOUT_MS: number;
}): DatabaseTimeouts {
  return {
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    queryMs: config.DB_QUERY_TIMEOUT_MS,
  };
}

export function connectDatabase(options: DatabaseOptions): DatabaseHandle {
  const timeouts = options.timeouts;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // Fail fast when the database is unreachable, so a request gets a 503 quickly instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'remittance-wallet',
    // TCP keepalive: a peer that vanished without a RST (failover, a cut link) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A statement on the connection's first checkout, not a startup parameter (`options: '-c role=...'`): PgBouncer
    // does not pass a client's startup options on to the server it pools (ADR 003), and a role silently not taken
    // would leave the app acting as the owner. One round trip per new connection, not per query.
    ...(options.role !== undefined && {
      onConnect: setRole(options.role),
    }),
    ...(timeouts && {
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      query_timeout: timeouts.queryMs,
    }),
  });
  // A client emits 'error' when its socket dies; with no listener Node throws it and the process exits. The pool
  // listens on idle clients only, so a client checked out between two statements of a transaction (a backend
  // terminated, a restart) would take the whole server down: listen on every client from its connection on. The
  // query in flight is rejected on its own, and the pool drops the broken client when it is released.
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onConnectionError?.(error));
  });
  const statements = options.preparedStatements ? new StatementNames() : undefined;
  const connections = discardingTimedOut(pool, statements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: connections }) });
  poolsOf.set(db, connections);
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

/** The connections behind each Kysely that connectDatabase made, for poolQuery(). */
const poolsOf = new WeakMap<Kysely<Database>, PostgresPool>();

/**
 * One statement on a connection of `db`'s pool, past Kysely's builder, compiler and executor: for a money operation
 * that is one statement in its own implicit transaction (postAlone()), Kysely's own work was about a third of its
 * Node CPU (ADR 010). The same connections, prepared-statement names, role and
 * broken-connection handling as `db`'s queries. Undefined when `db` is not a pool connectDatabase made (a
 * Transaction, whose statements must stay on its own connection, or a Kysely built elsewhere): use Kysely then.
 */
export function poolQuery(db: Kysely<Database>): (<R>(text: string, values: readonly unknown[]) => Promise<R[]>) | undefined {
  const connections = poolsOf.get(db);
  if (!connections) return undefined;
  return async <R>(text: string, values: readonly unknown[]) => {
    const client = await connections.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      client.release();
    }
  };
}

/** pg-pool's onConnect: its types say void, but pg-pool awaits the promise it returns (and closes on a rejection). */
function setRole(role: string): (client: pg.ClientBase) => void {
  const statement = `SET ROLE "${role.replace(/"/g, '""')}"`;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- awaited by pg-pool, whatever its types say
  return (client) => client.query(statement);
}

const readTimeout = 'Query read timeout';

/**
 * Names for prepared statements, one per distinct query text, shared by the process's connections (pg prepares a
 * name on a connection the first time that connection runs it). Only reads with parameters are named:
 * - with parameters, a text already goes through the extended protocol, so naming cannot change what it does, and
 *   a text without them may hold several statements, which a prepared statement cannot;
 * - reads only (the text starts with SELECT): planning the list queries is most of their database time (ADR 010),
 *   while a write plans little, and an INSERT ... ON CONFLICT against a partial unique index (`WHERE state =
 *   $1`) must see the predicate's values to pick its arbiter index, which a generic plan does not have (it failed
 *   with 'no unique or exclusion constraint matching the ON CONFLICT specification').
 * Bounded: a text past the first MAX_NAMED distinct ones (an IN list of a new length, say) runs unnamed, so neither
 * this map nor the server's per-connection plan cache grows without end.
 */
const READ = /^\s*select\s/i;

export class StatementNames {
  static readonly MAX_NAMED = 2_000;
  private readonly names = new Map<string, string>();

  nameOf(text: string, parameterCount: number): string | undefined {
    if (parameterCount === 0 || !READ.test(text)) return undefined;
    let name = this.names.get(text);
    if (name === undefined && this.names.size < StatementNames.MAX_NAMED) {
      name = `q${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/**
 * A prepared statement whose result columns changed under it (a column added by a migration of a newer release
 * while this process runs): PostgreSQL refuses to run it. The connection is discarded, so the retry runs on a
 * fresh connection that prepares the text again.
 */
function isStalePlan(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}

/**
 * pg's query_timeout fails the query but keeps the connection, whose socket may be dead silent: every later query
 * on it (the ROLLBACK first) would queue behind the lost one for ever and the pool would never get it back. After
 * a read timeout the connection fails its next queries at once and is destroyed on release. Queries run as named
 * prepared statements when `statements` is given.
 */
function discardingTimedOut(pool: pg.Pool, statements?: StatementNames): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      let stale = false;
      const query = async (text: string, values: readonly unknown[]) => {
        if (broken) throw broken;
        const name = statements?.nameOf(text, values.length);
        try {
          return await (name === undefined
            ? client.query(text, values as unknown[])
            : client.query({ name, text, values: values as unknown[] }));
        } catch (error) {
          if (error instanceof Error && error.message === readTimeout) broken = error;
          if (isStalePlan(error)) stale = true;
          throw error;
        }
      };
      return { query, release: () => client.release(broken ?? stale) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * SQLSTATE classes and network errors that mean "the database cannot serve this now", not "your request is wrong":
 * the caller gets a 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now; 57P05 idle session
    // timeout; 57014 statement timeout (or cancel); 55P03 lock timeout; 25P03 idle-in-transaction timeout; 25006 a
    // read-only server: a standby not promoted yet, when a proxy switches over before the failover ends.
    const unavailable = ['57P01', '57P02', '57P03', '57P05', '57014', '55P03', '25P03', '25006'];
    if (code.startsWith('08') || unavailable.includes(code)) return true;
    if (isStalePlan(error)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/.test(
      message,
    )
  );
}
