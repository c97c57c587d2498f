/**
 * Ledger throughput: transfers per second through the ledger between random wallets at 16 concurrent workers,
 * next to pgbench's rate for a bare two-UPDATE transfer on the same PostgreSQL in the same run (the ceiling
 * here): postAlone() (the entry is the whole operation: one statement, one round trip) and post() inside
 * withTransaction() (BEGIN, the call, COMMIT: what a caller with a business row pays), interleaved in slices so
 * that the machine's changing load falls on both alike. Connected as the API processes are (named prepared
 * statements). Prints figures; asserts nothing.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger.ts
 *
 * Works in a scratch database created next to DATABASE_URL's (default: the machine's PostgreSQL on 5432) and
 * dropped at the end.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { money } from '../common/money/money.ts';
import { APP_ROLE } from '../server/db/app-role.ts';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { post, postAlone, type EntryInput } from '../server/ledger/journal.ts';
import { withTransaction } from '../server/ledger/transaction.ts';
import { bareTransfer, pgbenchScript, runPgbench } from './pgbench.ts';
import { emitMetric } from './report.ts';
import { fundedWallets } from './ledger-wallets.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { databaseBackendsCpu, databaseCpuSince } from './server-process.ts';

const WORKERS = 16;
const WALLETS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const scratch = await createScratchDatabase('ledger_bench');
const url = new URL(scratch.url);
const databaseName = url.pathname.slice(1);
// Connected as the API processes are: named prepared statements, and the app's role (ADR 003), which writes the
// journal through ledger_post() only. Migrations and the funding run as the login (the owner).
const database = connectDatabase({ url: scratch.url, poolMax: WORKERS, preparedStatements: true, role: APP_ROLE });
try {
  const { db } = database;
  const owner = connectDatabase({ url: scratch.url, poolMax: 1 });
  const walletIds = await migrateToLatest(owner.db)
    .then(() => fundedWallets(owner.db, WALLETS))
    .finally(() => owner.close());

  const pick = () => walletIds[Math.floor(Math.random() * walletIds.length)]!;
  type Mode = 'alone' | 'transaction';
  interface Run {
    count: number;
    latencies: number[];
    elapsed: number;
    cpuMicros: number;
    databaseCpuMs: number;
  }
  const runs: Record<Mode, Run> = {
    alone: { count: 0, latencies: [], elapsed: 0, cpuMicros: 0, databaseCpuMs: 0 },
    transaction: { count: 0, latencies: [], elapsed: 0, cpuMicros: 0, databaseCpuMs: 0 },
  };
  let n = 0;
  function transferEntry(): EntryInput {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return {
      kind: 'transfer',
      reference: { type: 'bench', id: String(++n) },
      postings: [
        { accountId: from, amount: money('MAD', -100n) },
        { accountId: to, amount: money('MAD', 100n) },
      ],
    };
  }
  async function runWorkers(mode: Mode, seconds: number, into?: Run): Promise<void> {
    const cpuBefore = process.cpuUsage();
    const databaseBefore = databaseBackendsCpu(databaseName, true);
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (performance.now() < end) {
          const entry = transferEntry();
          const t0 = performance.now();
          await (mode === 'alone' ? postAlone(db, entry) : withTransaction(db, (tx) => post(tx, entry)));
          if (into) {
            into.latencies.push(performance.now() - t0);
            into.count++;
          }
        }
      }),
    );
    if (into) {
      into.elapsed += (performance.now() - start) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      into.cpuMicros += cpu.user + cpu.system;
      into.databaseCpuMs += databaseCpuSince(databaseName, databaseBefore, true);
    }
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
  await runWorkers('alone', WARMUP_SECONDS / 2);
  await runWorkers('transaction', WARMUP_SECONDS / 2);
  // Four slices each, alternating which goes first, so a change of load mid-run falls on both modes alike.
  const slice = SECONDS / 4;
  for (const order of [
    ['alone', 'transaction'],
    ['transaction', 'alone'],
  ] as const)
    for (let i = 0; i < 2; i++) for (const mode of order) await runWorkers(mode, slice, runs[mode]);

  // Figures of a benchmark (rates, milliseconds), never money.
  const fmt = (v: number, digits = 0) =>
    v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  const ms = (v: number) => `${fmt(v, 2)} ms`;
  console.log('');
  console.log(
    `PostgreSQL:        ${(await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version} at ${url.host}`,
  );
  console.log(`workers:           ${WORKERS} concurrent, ${WALLETS} wallets, ${SECONDS} s each`);
  console.log(
    `load average:      ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (at the end)`,
  );
  console.log(`pgbench transfer:  ${fmt(bare.tps, 0)} tx/s (two UPDATEs; latency average ${bare.latency})`);
  const rateOf = (run: Run) => run.count / run.elapsed;
  const label: Record<Mode, string> = {
    alone: 'ledger post():     ',
    transaction: 'post() in a tx:    ',
  };
  const how: Record<Mode, string> = {
    alone: 'postAlone(): one statement, its own implicit transaction',
    transaction: 'withTransaction(): BEGIN, the call, COMMIT',
  };
  for (const mode of ['alone', 'transaction'] as const) {
    const run = runs[mode];
    const sorted = [...run.latencies].sort((a, b) => a - b);
    console.log(
      `${label[mode]}${fmt(rateOf(run), 0)} transfers/s = ${fmt((100 * rateOf(run)) / bare.tps, 1)} % of pgbench ` +
        `(${run.count} in ${fmt(run.elapsed, 1)} s, ${how[mode]}); Node CPU ${fmt(run.cpuMicros / 1000 / run.count, 3)} ms ` +
        `and database CPU ${fmt(run.databaseCpuMs / run.count, 3)} ms per transfer; p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`,
    );
  }
  console.log(
    `ledger SQL alone:  ${fmt(ledgerSql.tps, 0)} tx/s (ledger_post() from pgbench; latency average ${ledgerSql.latency}), ` +
      `${fmt((100 * ledgerSql.tps) / bare.tps, 1)} % of pgbench`,
  );
  console.log(`goal:              post() >= 50 % of pgbench; machine has ${availableParallelism()} cores`);
  const alone = rateOf(runs.alone);
  emitMetric({ metric: 'ledger post() transfers (16 workers)', value: `${fmt(alone, 0)} /s` });
  emitMetric({
    metric: 'ledger post() / pgbench two-UPDATE',
    value: `${fmt((100 * alone) / bare.tps, 1)} %`,
    goal: '>= 50 %',
    met: alone / bare.tps >= 0.5,
  });
  emitMetric({
    metric: 'ledger post() in withTransaction / pgbench two-UPDATE',
    value: `${fmt((100 * rateOf(runs.transaction)) / bare.tps, 1)} %`,
  });
} finally {
  await database.close();
  await scratch.drop();
}
