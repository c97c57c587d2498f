import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * pgbench, PostgreSQL's own C client, as the ceiling the benchmarks compare with: the least a transfer can do
 * (two UPDATEs in one transaction) on a table of `accounts` rows, in the database at `url`. Shared by
 * bench/ledger.ts and bench/send-throughput.ts so both compare with the same thing.
 */

export function findPgbench(): string {
  for (const candidate of ['/usr/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench'])
    if (existsSync(candidate)) return candidate;
  return 'pgbench';
}

const fmtTps = (tps: number) => tps.toFixed(0);

export interface PgbenchResult {
  tps: number;
  /** pgbench's "latency average", e.g. "1.234 ms". */
  latency: string;
}

/** Runs pgbench on a script file: `clients` connections, `seconds` long, two pgbench threads (two cores here). */
export function runPgbench(url: string, file: string, clients: number, seconds: number): PgbenchResult {
  const args = ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url];
  console.log(`pgbench ${args.join(' ')}`);
  const out = execFileSync(findPgbench(), args, { encoding: 'utf8' });
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    latency: /latency average = ([\d.]+ ms)/.exec(out)?.[1] ?? '?',
  };
}

/** Writes a pgbench script in a temporary directory; `cleanup()` removes it. */
export function pgbenchScript(name: string, lines: string[]): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The bare two-UPDATE transfer: creates `bench_transfer_accounts` with `accounts` rows in the database at `url`,
 * then runs it at `clients` for `seconds` after `warmupSeconds` of the same (discarded: caches, plans, WAL
 * segments). Two distinct accounts per transfer (never a self-transfer, which would lock one row), lower id
 * first, as the ledger's post() locks, so pgbench's clients cannot deadlock either. Compare it with the app at
 * the app's own pool size: `clients` = DB_POOL_MAX x API processes, the connections the app can use at once.
 */
export async function bareTransfer(
  url: string,
  accounts: number,
  clients: number,
  seconds: number,
  warmupSeconds = 3,
): Promise<PgbenchResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_transfer_accounts');
    await client.query('CREATE TABLE bench_transfer_accounts (id int PRIMARY KEY, balance bigint NOT NULL)');
    await client.query(`INSERT INTO bench_transfer_accounts SELECT g, 1000000 FROM generate_series(1, ${accounts}) g`);
    await client.query('VACUUM ANALYZE bench_transfer_accounts');
  } finally {
    await client.end();
  }
  const script = pgbenchScript('transfer.sql', [
    `\\set a random(1, ${accounts})`,
    // b = a + an offset in 1..accounts-1, wrapped: never a.
    `\\set b 1 + (:a - 1 + random(1, ${accounts - 1})) % ${accounts}`,
    '\\set lo least(:a, :b)',
    '\\set hi greatest(:a, :b)',
    'BEGIN;',
    'UPDATE bench_transfer_accounts SET balance = balance - 1 WHERE id = :lo;',
    'UPDATE bench_transfer_accounts SET balance = balance + 1 WHERE id = :hi;',
    'END;',
  ]);
  try {
    runPgbench(url, script.file, clients, warmupSeconds);
    const result = runPgbench(url, script.file, clients, seconds);
    console.log(
      `pgbench baseline: ${clients} clients, ${accounts} accounts, two distinct per transfer, ${warmupSeconds} s warm-up then ${seconds} s: ${fmtTps(result.tps)} tx/s`,
    );
    return result;
  } finally {
    script.cleanup();
  }
}
