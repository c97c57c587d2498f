/**
 * Ledger throughput: transfers per second through post() between random wallets at 16 concurrent workers,
 * next to pgbench's rate for a bare two-UPDATE transfer on the same PostgreSQL in the same run (the ceiling
 * here). Prints figures; asserts nothing.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger.ts
 *
 * Works in a scratch database created next to DATABASE_URL's (default: the machine's PostgreSQL on 5432) and
 * dropped at the end.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { money } from '../common/money/money.ts';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { post } from '../server/ledger/journal.ts';
import { withTransaction } from '../server/ledger/transaction.ts';
import { bareTransfer, pgbenchScript, runPgbench } from './pgbench.ts';
import { emitMetric } from './report.ts';
import { fundedWallets } from './ledger-wallets.ts';
import { createScratchDatabase } from './scratch-database.ts';

const WORKERS = 16;
const WALLETS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const scratch = await createScratchDatabase('ledger_bench');
const url = new URL(scratch.url);
const database = connectDatabase({ url: scratch.url, poolMax: WORKERS });
try {
  const { db } = database;
  await migrateToLatest(db);

  const walletIds = await fundedWallets(db, WALLETS);

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
  const bare = await bareTransfer(scratch.url, WALLETS, WORKERS, SECONDS);

  // The ledger's own SQL driven by pgbench's C client: what the database alone can do for a post(), to tell the
  // database's share of the gap from the Node client's.
  const [firstWallet, lastWallet] = [walletIds[0], walletIds.at(-1)];
  const ledgerScript = pgbenchScript('ledger-post.sql', [
    `\\set a random(${firstWallet}, ${lastWallet})`,
    `\\set b random(${firstWallet}, ${lastWallet})`,
    'BEGIN;',
    "SELECT entry_id, account_id, balance FROM ledger_post('transfer', 'bench', 'pgbench', '{}'::jsonb, " +
      "ARRAY[:a, :b]::bigint[], ARRAY['MAD', 'MAD'], ARRAY[-100, 100]::bigint[]);",
    'END;',
  ]);
  const ledgerSql = runPgbench(scratch.url, ledgerScript.file, WORKERS, SECONDS);
  ledgerScript.cleanup();

  await db.transaction().execute(() => Promise.resolve()); // the pool's connections are open again
  await runWorkers(WARMUP_SECONDS);
  const cpuBefore = process.cpuUsage();
  const ledger = await runWorkers(SECONDS);
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = [...ledger.latencies].sort((a, b) => a - b);
  const rate = ledger.count / ledger.elapsed;

  // Figures of a benchmark (rates, milliseconds), never money.
  const fmt = (v: number, digits = 0) =>
    v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  const ms = (v: number) => `${fmt(v, 2)} ms`;
  console.log('');
  console.log(
    `PostgreSQL:        ${(await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version} at ${url.host}`,
  );
  console.log(`workers:           ${WORKERS} concurrent, ${WALLETS} wallets, ${SECONDS} s each`);
  console.log(`pgbench transfer:  ${fmt(bare.tps, 0)} tx/s (two UPDATEs; latency average ${bare.latency})`);
  console.log(
    `ledger post():     ${fmt(rate, 0)} transfers/s (${ledger.count} in ${fmt(ledger.elapsed, 1)} s, Node, withTransaction)`,
  );
  console.log(`ratio:             ${fmt((100 * rate) / bare.tps, 1)} % of pgbench (goal >= 50 %)`);
  console.log(
    `ledger SQL alone:  ${fmt(ledgerSql.tps, 0)} tx/s (ledger_post() from pgbench; latency average ${ledgerSql.latency}), ` +
      `${fmt((100 * ledgerSql.tps) / bare.tps, 1)} % of pgbench`,
  );
  console.log(
    `Node client CPU:   ${fmt((cpu.user + cpu.system) / 1000 / ledger.count, 3)} ms per transfer ` +
      `(${fmt((100 * (cpu.user + cpu.system)) / 1e6 / ledger.elapsed, 0)} % of one core, of the machine's ${availableParallelism()})`,
  );
  console.log(
    `ledger latency:    p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  emitMetric({ metric: 'ledger post() transfers (16 workers)', value: `${fmt(rate, 0)} /s` });
  emitMetric({
    metric: 'ledger post() / pgbench two-UPDATE',
    value: `${fmt((100 * rate) / bare.tps, 1)} %`,
    goal: '>= 50 %',
    met: rate / bare.tps >= 0.5,
  });
} finally {
  await database.close();
  await scratch.drop();
}
