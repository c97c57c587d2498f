import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { openDatabase } from '../db/open-database.ts';

/** `npm run db:migrate`: brings DATABASE_URL (or the embedded database) to the latest schema and says what ran. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? connectDatabase({ url: config.DATABASE_URL })
    : await openDatabase(config, {
        log: (m) => console.log(m),
        role: 'owner',
        migrate: false,
        attachToRunning: true,
        timeouts: false,
      });
  try {
    const result = await migrateToLatest(database.db);
    const ran = result.results ?? [];
    if (ran.length === 0) console.log('Schema is up to date.');
    for (const r of ran) console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
    console.log(`Functions and triggers (server/db/sql): ${result.sqlDefinitions}.`);
  } finally {
    await database.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
