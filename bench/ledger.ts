/**
 * Ledger throughput: transfers per second through post() between random wallets at 16 concurrent workers,
 * next to pgbench's rate for a bare two-UPDATE transfer on the same PostgreSQL in the same run (the ceiling
 * here). Prints figures; asserts nothing.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger.ts
 *
 * Works in a scratch database created next to DATABASE_URL's and dropped at the end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { money } from '../common/money/money.ts';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { platformAccount } from '../server/ledger/accounts.repository.ts';
import { post } from '../server/ledger/journal.ts';
import { withTransaction } from '../server/ledger/transaction.ts';

const WORKERS = 16;
const WALLETS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL to measure (e.g. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(2);
}

function findPgbench(): string {
  for (const candidate of ['/usr/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench']) if (existsSync(candidate)) return candidate;
  return 'pgbench';
}

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const name = `ledger_bench_${Date.now()}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
await admin(`CREATE DATABASE ${name}`);
const database = connectDatabase({ url: url.toString(), poolMax: WORKERS });
const workDir = mkdtempSync(path.join(tmpdir(), 'ledger-bench-'));
try {
  const { db } = database;
  await migrateToLatest(db);

  // 1,000 wallets of 10,000.00 MAD each, funded by one entry, so no transfer ever runs short.
  const walletIds = await withTransaction(db, async (tx) => {
    const rows = await tx
      .insertInto('ledger_accounts')
      .values(Array.from({ length: WALLETS }, (_, i) => ({ kind: 'customer_wallet', currency: 'MAD', owner_user_id: String(i + 1) })))
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    const fx = await platformAccount(tx, 'fx', 'MAD');
    const each = 1_000_000n;
    await post(tx, {
      kind: 'deposit',
      reference: { type: 'bench', id: 'funding' },
      postings: [{ accountId: fx.id, amount: money('MAD', -each * BigInt(WALLETS)) }, ...ids.map((id) => ({ accountId: id, amount: money('MAD', each) }))],
    });
    return ids;
  });

  const pick = () => walletIds[Math.floor(Math.random() * walletIds.length)]!;
  async function runWorkers(seconds: number): Promise<{ count: number; latencies: number[]; elapsed: number }> {
    const latencies: number[] = [];
    const start = performance.now();
    const end = start + seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (performance.now() < end) {
          const from = pick();
          let to = pick();
          while (to === from) to = pick();
          const t0 = performance.now();
          await withTransaction(db, (tx) =>
            post(tx, {
              kind: 'transfer',
              reference: { type: 'bench', id: String(++n) },
              postings: [
                { accountId: from, amount: money('MAD', -100n) },
                { accountId: to, amount: money('MAD', 100n) },
              ],
            }),
          );
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { count: latencies.length, latencies, elapsed: (performance.now() - start) / 1000 };
  }

  // pgbench: the same number of clients doing the least a transfer can do, on a table of the same size.
  await database.pool.query(`CREATE TABLE bench_transfer_accounts (id int PRIMARY KEY, balance bigint NOT NULL)`);
  await database.pool.query(`INSERT INTO bench_transfer_accounts SELECT g, 1000000 FROM generate_series(1, ${WALLETS}) g`);
  await database.pool.query('VACUUM ANALYZE bench_transfer_accounts');
  const script = path.join(workDir, 'transfer.sql');
  // Lower id first, as post() does, so pgbench's clients cannot deadlock either.
  writeFileSync(
    script,
    [
      `\\set a random(1, ${WALLETS})`,
      `\\set b random(1, ${WALLETS})`,
      '\\set lo least(:a, :b)',
      '\\set hi greatest(:a, :b)',
      'BEGIN;',
      'UPDATE bench_transfer_accounts SET balance = balance - 1 WHERE id = :lo;',
      'UPDATE bench_transfer_accounts SET balance = balance + 1 WHERE id = :hi;',
      'END;',
      '',
    ].join('\n'),
  );
  const pgbench = (file: string) => {
    const args = ['-n', '-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), '-f', file, url.toString()];
    console.log(`pgbench ${args.join(' ')}`);
    const out = execFileSync(findPgbench(), args, { encoding: 'utf8' });
    return { tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN), latency: /latency average = ([\d.]+ ms)/.exec(out)?.[1] ?? '?' };
  };
  const bare = pgbench(script);

  // The ledger's own SQL driven by pgbench's C client: what the database alone can do for a post(), to tell the
  // database's share of the gap from the Node client's.
  const [firstWallet, lastWallet] = [walletIds[0], walletIds.at(-1)];
  const ledgerScript = path.join(workDir, 'ledger-post.sql');
  writeFileSync(
    ledgerScript,
    [
      `\\set a random(${firstWallet}, ${lastWallet})`,
      `\\set b random(${firstWallet}, ${lastWallet})`,
      'BEGIN;',
      "SELECT entry_id, account_id, balance FROM ledger_post('transfer', 'bench', 'pgbench', '{}'::jsonb, " +
        "ARRAY[:a, :b]::bigint[], ARRAY['MAD', 'MAD'], ARRAY[-100, 100]::bigint[]);",
      'END;',
      '',
    ].join('\n'),
  );
  const ledgerSql = pgbench(ledgerScript);

  await db.transaction().execute(() => Promise.resolve()); // the pool's connections are open again
  await runWorkers(WARMUP_SECONDS);
  const ledger = await runWorkers(SECONDS);
  const sorted = [...ledger.latencies].sort((a, b) => a - b);
  const rate = ledger.count / ledger.elapsed;

  // Figures of a benchmark (rates, milliseconds), never money.
  const fmt = (v: number, digits = 0) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  const ms = (v: number) => `${fmt(v, 2)} ms`;
  console.log('');
  console.log(`PostgreSQL:        ${(await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version} at ${url.host}`);
  console.log(`workers:           ${WORKERS} concurrent, ${WALLETS} wallets, ${SECONDS} s each`);
  console.log(`pgbench transfer:  ${fmt(bare.tps, 0)} tx/s (two UPDATEs; latency average ${bare.latency})`);
  console.log(`ledger post():     ${fmt(rate, 0)} transfers/s (${ledger.count} in ${fmt(ledger.elapsed, 1)} s, Node, withTransaction)`);
  console.log(`ratio:             ${fmt((100 * rate) / bare.tps, 1)} % of pgbench (goal >= 50 %)`);
  console.log(`ledger SQL alone:  ${fmt(ledgerSql.tps, 0)} tx/s (ledger_post() from pgbench; latency average ${ledgerSql.latency}), ` +
    `${fmt((100 * ledgerSql.tps) / bare.tps, 1)} % of pgbench`);
  console.log(`ledger latency:    p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`);
} finally {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
