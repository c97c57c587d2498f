/**
 * Proof-of-liabilities snapshot of 100,000 customer wallets (ADR 012; goal < 10 s): the repeatable-read reads,
 * 100,000 leaf hashes and the tree, and the writes (leaves and levels), as `liabilities:snapshot` does them.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/liabilities-snapshot.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { takeSnapshot } from '../server/modules/liabilities/snapshot.service.ts';
import { emitMetric, fmt } from './report.ts';
import { createScratchDatabase } from './scratch-database.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const scratch = await createScratchDatabase('liabilities_bench');
const database = connectDatabase({ url: scratch.url, poolMax: 4 });
try {
  const { db } = database;
  await migrateToLatest(db);
  // Users (the snapshot reads each owner's wallet address) and their wallets, funded by one balanced entry from the
  // FX desk (as the ledger bench does). Set-based, so the setup takes seconds, not minutes.
  await db.transaction().execute(async (tx) => {
    await sql`INSERT INTO users (id, email, email_verified_at, phone_auth, account_id) OVERRIDING SYSTEM VALUE
              SELECT g, 'bench-' || g || '@example.com', now(), false, '0x' || lpad(to_hex(g), 40, '0')
                FROM generate_series(1, ${ACCOUNTS}) g`.execute(tx);
    await sql`INSERT INTO ledger_accounts (kind, currency, owner_user_id)
              SELECT 'customer_wallet', 'MAD', g FROM generate_series(1, ${ACCOUNTS}) g`.execute(tx);
    // One entry per 20,000 wallets: an entry's posting lines are numbered with a smallint.
    for (let chunk = 0; chunk * 20_000 < ACCOUNTS; chunk++) {
      await sql`
      WITH w AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg((id % 1000 + 1) * 100 ORDER BY id) AS amounts,
                        sum((id % 1000 + 1) * 100)::bigint AS total, count(*)::int AS n
                   FROM (SELECT id FROM ledger_accounts WHERE kind = 'customer_wallet' ORDER BY id
                         OFFSET ${chunk * 20_000} LIMIT 20000) c)
      SELECT count(*) FROM w, ledger_post('deposit', 'bench', ${`funding-${chunk}`}, '{}'::jsonb,
        w.ids || (SELECT id FROM ledger_accounts WHERE kind = 'fx' AND currency = 'MAD'),
        array_fill('MAD'::text, ARRAY[w.n + 1]), w.amounts || (-w.total))`.execute(tx);
    }
  });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const snapshot = await takeSnapshot(db);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // This process's own CPU time: what the load of other processes does not change (the database's is not in it).
  console.log(`node CPU in the snapshot: ${fmt((cpu.user + cpu.system) / 1000)} ms`);
  const tree = snapshot?.trees[0];
  console.log(
    `snapshot of ${ACCOUNTS} wallets (${tree?.leafCount ?? 0} leaves): ${fmt(ms)} ms (total ${tree?.total ?? 0n} minor units, root ${tree?.root ?? '-'})`,
  );
  emitMetric({
    metric: `liabilities snapshot, ${ACCOUNTS} accounts (ms)`,
    value: fmt(ms),
    goal: '< 10000',
    met: ms < 10_000,
  });
} finally {
  await database.close();
  await scratch.drop();
}
