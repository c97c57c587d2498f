import { inject } from 'vitest';

/**
 * The run's test database for this file: API files run on two workers (or more), and each worker has a migrated
 * copy of its own (global-setup.ts), so the files that run at the same moment never share one. Every test app's
 * notification pass sends its whole database's queue, rates and sanctions lists are read by every send, and a file
 * that changes them would otherwise disturb the file running beside it. Files of one worker run one after the other
 * on its database, as every file did on the one database before: they must not assume empty tables.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[worker - 1];
  if (!url) throw new Error(`No test database for worker ${worker} (${urls.length} made by global-setup.ts)`);
  return url;
}
