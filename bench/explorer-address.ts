import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import { addressRecordsQuery } from '../server/adapters/chain/local-ledger.repository.ts';
import { addressPageSize } from '../server/modules/explorer/explorer.service.ts';
import { createScratchDatabase } from '../tests/support/scratch-database.ts';
import { benchServerUrl } from './scratch-database.ts';
import { seedAddressRecords } from '../tests/support/chain-records-seed.ts';

/**
 * The public explorer's address page on an agency address with 100,000 records. Seeds a scratch
 * database (BENCH_ADDRESS_RECORDS records naming one agency address, as many again between other addresses),
 * then prints EXPLAIN (ANALYZE, BUFFERS) and the best of 5 timings of the page's query for that address, for a
 * customer address with a handful of records, and for an address with none.
 */
const RECORDS = Number(process.env.BENCH_ADDRESS_RECORDS ?? 100_000);
const scratch = await createScratchDatabase(benchServerUrl, 'explorer_address', { migrate: true });
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
pool.on('error', () => {}); // the scratch database is dropped WITH (FORCE) at the end
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
try {
  const seeded = await seedAddressRecords(pool, RECORDS);
  console.log(`database ${benchServerUrl.replace(/\/[^/]*$/, '/')}${scratch.name}: ${seeded.total} chain records`);
  for (const [label, address] of [
    ['agency (100k records)', seeded.agency],
    ['customer (a few records)', seeded.customer],
    ['unknown address (none)', seeded.unknown],
  ] as const) {
    const compiled = addressRecordsQuery(db, address, addressPageSize).compile();
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await pool.query(compiled.sql, compiled.parameters as unknown[]);
      times.push(performance.now() - start);
    }
    console.log(`\n--- ${label}: best of 5 ${Math.min(...times).toFixed(2)} ms`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
} finally {
  await db.destroy();
  await scratch.drop();
}
