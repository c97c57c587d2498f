/**
 * The ledger's per-posting safeguards measured one by one (issue 13 item 3): ledger_post() driven by pgbench's C
 * client (the database's own cost, no Node in the way) with all safeguards, then with one group switched off in
 * the scratch database, next to pgbench's bare two-UPDATE transfer of the same round. The variants run
 * interleaved, ROUNDS times (each round starting with the next variant), because the machine is shared and absolute rates drift; compare the ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger-safeguards.ts
 *
 * Switched off here only, in a scratch database dropped at the end; prints figures, asserts nothing.
 */
import { loadavg } from 'node:os';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { ledgerPostLockByUpdate, ledgerPostWithLockPass } from '../server/db/migrations/0320_ledger_post_lock_by_update.ts';
import { bareTransfer, pgbenchScript, runPgbench } from './pgbench.ts';
import { fundedWallets } from './ledger-wallets.ts';
import { createScratchDatabase } from './scratch-database.ts';

const CLIENTS = 16;
const WALLETS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Variant {
  name: string;
  off: string[];
  on: string[];
}

function variants(nonNegative: string): Variant[] {
  return [
    { name: 'all safeguards', off: [], on: [] },
    {
      name: "without the balance trigger ('every entry balances')",
      off: ['ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_balanced'],
      on: ['ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_balanced'],
    },
    {
      // ALL includes the internal triggers that check foreign keys (postings -> entries, postings -> accounts).
      name: 'without the balance trigger and the 2 foreign keys of postings',
      off: ['ALTER TABLE ledger_postings DISABLE TRIGGER ALL'],
      on: ['ALTER TABLE ledger_postings ENABLE TRIGGER ALL'],
    },
    {
      name: 'without the 2 secondary indexes (postings by account, entries by reference)',
      off: ['DROP INDEX ledger_postings_account_idx', 'DROP INDEX ledger_entries_reference_idx'],
      on: [
        'CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, entry_id)',
        'CREATE INDEX ledger_entries_reference_idx ON ledger_entries (reference_type, reference_id)',
      ],
    },
    {
      // Not a safeguard: the same guarantees by a costlier mechanism, kept to price what migration 0320 removed.
      name: "with 0002's separate lock pass (SELECT ... FOR NO KEY UPDATE, then UPDATE)",
      off: [ledgerPostWithLockPass],
      on: [ledgerPostLockByUpdate],
    },
    {
      name: 'without the non-negative CHECK on wallet balances',
      off: ['ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_non_negative'],
      on: [`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_non_negative ${nonNegative}`],
    },
  ];
}

const scratch = await createScratchDatabase('ledger_safeguards');
const database = connectDatabase({ url: scratch.url, poolMax: 2 });
try {
  const { db, pool } = database;
  await migrateToLatest(db);
  const constraint = await pool.query<{ def: string }>(
    "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'ledger_accounts_non_negative'",
  );
  const nonNegative = constraint.rows[0]?.def;
  if (!nonNegative) throw new Error('ledger_accounts_non_negative not found');
  const all = variants(nonNegative);
  const walletIds = await fundedWallets(db, WALLETS);
  const script = pgbenchScript('ledger-post.sql', [
    `\\set a random(${walletIds[0]}, ${walletIds.at(-1)})`,
    `\\set b ${walletIds[0]} + (:a - ${walletIds[0]} + random(1, ${WALLETS - 1})) % ${WALLETS}`,
    'BEGIN;',
    "SELECT entry_id FROM ledger_post('transfer', 'bench', 'pgbench', '{}'::jsonb, " +
      "ARRAY[:a, :b]::bigint[], ARRAY['MAD', 'MAD'], ARRAY[-100, 100]::bigint[]);",
    'END;',
  ]);
  const results = new Map<string, number[]>(all.map((v) => [v.name, []]));
  try {
    runPgbench(scratch.url, script.file, CLIENTS, 3); // warm-up
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = await bareTransfer(scratch.url, WALLETS, CLIENTS, SECONDS, 2);
      const load = loadavg().map((l) => l.toFixed(2));
      console.log(`round ${round}: load average ${load.join(' ')}`);
      // Each round starts with another variant: the first run after the baseline is slower (the baseline's table
      // was just written), and the journal grows through the round.
      const shift = (round - 1) % all.length;
      for (const variant of [...all.slice(shift), ...all.slice(0, shift)]) {
        for (const statement of variant.off) await pool.query(statement);
        try {
          const { tps } = runPgbench(scratch.url, script.file, CLIENTS, SECONDS);
          const ratio = (100 * tps) / bare.tps;
          results.get(variant.name)!.push(ratio);
          console.log(
            `  ${variant.name}: ${tps.toFixed(0)} tx/s = ${ratio.toFixed(1)} % of bare ${bare.tps.toFixed(0)}`,
          );
        } finally {
          for (const statement of variant.on) await pool.query(statement);
        }
      }
    }
  } finally {
    script.cleanup();
  }
  console.log('');
  console.log(`ledger_post() from pgbench, ${CLIENTS} clients, % of the bare two-UPDATE transfer of the same round:`);
  for (const [name, ratios] of results)
    console.log(
      `  ${name}: ${ratios.map((r) => r.toFixed(1)).join(', ')} (mean ${(ratios.reduce((a, b) => a + b, 0) / ratios.length).toFixed(1)} %)`,
    );
} finally {
  await database.close();
  await scratch.drop();
}
