import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAddressRecords } from '../../../tests/support/chain-records-seed.ts';
import { migratedScratchDatabase } from '../../../tests/support/migrated-scratch.ts';
import type { ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { addressRecordsQuery } from '../../adapters/chain/local-ledger.repository.ts';
import { addressPageSize } from './explorer.service.ts';

/**
 * The public explorer's address page on an agency address with many records. A database of its
 * own (the seeded records are not a valid chain, and chain_records is append-only): 30,000 records name the
 * agency, all older than 30,000 others, which is where the former `from = $1 OR to = $1 ORDER BY seq DESC LIMIT`
 * walked the primary key backwards through every newer record. The plan must read a bounded number of rows.
 */
let scratch: ScratchDatabase;
let pool: pg.Pool;
let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedAddressRecords>>;
beforeAll(async () => {
  scratch = await migratedScratchDatabase('explorer_plan_test');
  pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  pool.on('error', () => {});
  seeded = await seedAddressRecords(pool, 30_000);
  t = await startTestApp({ databaseUrl: scratch.url });
}, 120_000);
afterAll(async () => {
  await t.close();
  await pool.end();
  await scratch.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function plan(address: string): Promise<PlanNode[]> {
  const compiled = addressRecordsQuery(t.database.db, address, addressPageSize).compile();
  const res = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`,
    compiled.parameters as unknown[],
  );
  const root = res.rows[0]?.['QUERY PLAN'][0].Plan;
  if (!root) throw new Error('no plan');
  return nodes(root);
}

describe('the explorer address page on an address with many records', () => {
  it('reads at most about 3 x page size rows of chain_records, through indexes, for any address', async () => {
    for (const address of [seeded.agency, seeded.customer, seeded.unknown]) {
      const scans = (await plan(address)).filter((n) => n['Relation Name'] === 'chain_records');
      expect(scans.length, address).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Node Type'], address).not.toBe('Seq Scan');
      const read = scans.reduce(
        (sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'],
        0,
      );
      expect(read, `${address}: rows read`).toBeLessThanOrEqual(3 * addressPageSize);
    }
  });

  it('shows the newest page of the agency address, sent and received, over HTTP', async () => {
    const res = await fetch(`${t.baseUrl}/explorer/address/${seeded.agency}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Records (${addressPageSize}, latest ${addressPageSize})`);
    const seqs = [...html.matchAll(/#(\d+) ·/g)].map((m) => Number(m[1]));
    // The agency's records are seqs 1..30,000 (even: sent, odd: received): the newest 100 are 29,901..30,000.
    expect(seqs).toEqual(Array.from({ length: addressPageSize }, (_, i) => 30_000 - i));
    expect(html).toContain(' · sent · ');
    expect(html).toContain(' · received · ');
    const few = await (await fetch(`${t.baseUrl}/explorer/address/${seeded.customer}`)).text();
    expect([...few.matchAll(/#(\d+) ·/g)].map((m) => Number(m[1]))).toEqual([60_005, 60_004, 60_003, 60_002, 60_001]);
  });
});
