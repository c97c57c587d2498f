import type { Config } from '../config.ts';
import { connectDatabase, type DatabaseHandle } from './database.ts';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from './embedded-postgres.ts';
import { migrateToLatest } from './migrator.ts';

export interface OpenDatabase extends DatabaseHandle {
  /** Where the data lives, for the start-up log (no password). */
  description: string;
  embedded: boolean;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in EMBEDDED_PG_DIR, started here and stopped by
 * close(). Either way the schema is migrated to the latest version before anything uses it.
 */
export async function openDatabase(
  config: Config,
  options: { log: (message: string) => void; migrate?: boolean; attachToRunning?: boolean },
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
    });
    url = embedded.url;
  }
  const handle = connectDatabase({
    url,
    poolMax: config.DB_POOL_MAX,
    onConnectionError: (error) => options.log(`database connection lost: ${error.message}`),
  });
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw error;
  }
  const where = new URL(url);
  return {
    ...handle,
    embedded: embedded !== undefined,
    description: `${where.hostname}:${where.port || 5432}${where.pathname}${embedded ? ` (embedded, ${config.embeddedPgDir})` : ''}`,
    async close() {
      await handle.close();
      await embedded?.stop();
    },
  };
}
