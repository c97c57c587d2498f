import type { Config } from '../config.ts';
import { APP_ROLE } from './app-role.ts';
import { connectDatabase, databaseTimeouts, type DatabaseHandle } from './database.ts';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from './embedded-postgres.ts';
import { migrateToLatest } from './migrator.ts';
import { retryWhileRestarting } from './start-retry.ts';

export interface OpenDatabase extends DatabaseHandle {
  /** Where the data lives, for the start-up log (no password). */
  description: string;
  embedded: boolean;
  /** The connection string (with the embedded cluster's password): what the cluster's workers connect with. */
  url: string;
  /**
   * The forced shutdown's close: stops the embedded PostgreSQL first (fast mode ends every session, so connections
   * still held by requests fail and come back), removes its lock, then closes the pool without waiting long for it.
   */
  forceClose(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in EMBEDDED_PG_DIR, started here and stopped by
 * close(). Either way the schema is migrated to the latest version before anything uses it.
 */
export async function openDatabase(
  config: Config,
  options: {
    log: (message: string) => void;
    /**
     * Who the pool's connections act as: 'app' (the API processes and workers) switches to the app's role, which
     * cannot write the journal but through ledger_post() (ADR 003); 'owner' (operator tools, test fixtures) stays
     * the login. Migrations always run as the login.
     */
    role: 'app' | 'owner';
    migrate?: boolean;
    attachToRunning?: boolean;
    /** The DB_*_TIMEOUT_MS bounds (default); operator commands turn them off, their work may be long. */
    timeouts?: boolean;
  },
): Promise<OpenDatabase> {
  let embedded: RunningEmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.embeddedPgDir,
      port: config.EMBEDDED_PG_PORT,
      database: 'wallet',
      log: options.log,
      attachToRunning: options.attachToRunning ?? false,
      // Server-wide too, so any session (a psql left open in a transaction) releases its locks in bounded time.
      settings: {
        idle_in_transaction_session_timeout: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        tcp_keepalives_idle: 10,
        tcp_keepalives_interval: 5,
        tcp_keepalives_count: 3,
      },
    });
    url = embedded.url;
  }
  try {
    // Migrations on a connection of their own, without the request bounds (an index build may take minutes).
    if (options.migrate !== false) {
      const migrating = connectDatabase({ url, poolMax: 1, applicationName: config.DB_APPLICATION_NAME });
      await retryWhileRestarting(() => migrateToLatest(migrating.db), {
        what: 'migrations check',
        log: options.log,
      }).finally(() => migrating.close());
    }
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const handle = connectDatabase({
    url,
    poolMax: config.DB_POOL_MAX,
    applicationName: config.DB_APPLICATION_NAME,
    role: options.role === 'app' ? APP_ROLE : undefined,
    preparedStatements: config.DB_PREPARED_STATEMENTS === 'on',
    timeouts: options.timeouts === false ? undefined : databaseTimeouts(config),
    onConnectionError: (error) => options.log(`database connection lost: ${error.message}`),
  });
  const where = new URL(url);
  return {
    ...handle,
    embedded: embedded !== undefined,
    url,
    description: `${where.hostname}:${where.port || 5432}${where.pathname}${embedded ? ` (embedded, ${config.embeddedPgDir})` : ''}`,
    async close() {
      await handle.close();
      await embedded?.stop();
    },
    async forceClose() {
      await embedded?.stop();
      await Promise.race([handle.close(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
