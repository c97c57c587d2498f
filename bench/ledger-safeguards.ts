/**
 * The ledger's per-posting safeguards measured one by one: ledger_post() driven by pgbench's C
 * client (the database's own cost, no Node in the way) with all safeguards, then with one group switched off in
 * the scratch database, next to pgbench's bare two-UPDATE transfer of the same round. The variants run
 * interleaved, ROUNDS times (each round starting with the next variant), because the machine is shared and absolute rates drift; compare the ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger-safeguards.ts
 *
 * Switched off here only, in a scratch database dropped at the end; prints figures, asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { accountKindFloors } from '../server/db/migrations/0495_ledger_account_kinds_floor.ts';
import { sqlDefinitionsDir } from '../server/db/sql-definitions.ts';
import {
  ledgerPostFastPath,
  ledgerPostLockByUpdate,
  ledgerPostOnlyWriter,
  ledgerPostRefusal,
  ledgerPostWithLockPass,
} from './ledger-post-history.ts';
import { bareTransfer, pgbenchScript, runPgbench } from './pgbench.ts';
import { fundedWallets } from './ledger-wallets.ts';
import { databaseCpuSince, databaseBackendsCpu } from './server-process.ts';
import { createScratchDatabase } from './scratch-database.ts';

const CLIENTS = 16;
const WALLETS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Which variants to run besides the first ('all safeguards'), by their 1-based place in the list; default all. */
const ONLY = process.env.BENCH_VARIANTS?.split(',').map(Number);
/** Calls per client for the CPU figure: each a single-statement call of ledger_post(), a named prepared statement. */
const CPU_CALLS = Number(process.env.BENCH_CPU_CALLS ?? 1000);
const CPU_CLIENTS = 4;

interface Variant {
  name: string;
  off: string[];
  on: string[];
}

const balanceTrigger = `CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balance()`;

/** The kinds (or those with a floor) as an SQL list, as 0490's CHECKs had them. */
const kindList = (floor?: boolean) =>
  accountKindFloors
    .filter(([, f]) => floor === undefined || f === floor)
    .map(([k]) => `'${k}'`)
    .join(', ');

function variants(nonNegative: string): Variant[] {
  // As shipped (server/db/sql/ledger_post.sql, with ledger_post_refusal()): the only writer with its transfer fast
  // path, the floor from has_floor. Its search_path is the one it is created under, as the migrations set it.
  const shipped = `SET search_path = public, pg_temp;
    ${readFileSync(`${sqlDefinitionsDir}/ledger_post.sql`, 'utf8')}
    RESET search_path;`;
  // 0480's body: the only writer without the fast path (every entry through the general path).
  const onlyWriter = ledgerPostOnlyWriter('public');
  // 0480's body without its own balance check (the first SELECT and its IF): what that check costs.
  const unchecked = onlyWriter.replace(/\n\s*SELECT u\.currency[\s\S]*?END IF;\n/, '\n');
  if (unchecked === onlyWriter) throw new Error("the only writer's balance check was not found");
  return [
    {
      name: 'all safeguards, as shipped (the only writer with its fast path; has_floor, 0495; the fixed columns by trigger, 0496)',
      off: [],
      on: [],
    },
    {
      name: "0480's body: no fast path, a transfer takes the general path (GROUP BY check, cursor, unnest)",
      off: [onlyWriter],
      on: [shipped],
    },
    {
      // Before 0480: 0320's body (it checked no sum) and the statement trigger on postings.
      name: "'every entry balances' by the statement trigger instead (before 0480)",
      off: [ledgerPostLockByUpdate, balanceTrigger],
      on: ['DROP TRIGGER ledger_postings_balanced ON ledger_postings', shipped],
    },
    {
      name: "0480's body without its balance check (no check at all: its price)",
      off: [unchecked],
      on: [shipped],
    },
    {
      // ALL includes the internal triggers that check foreign keys (postings -> entries, postings -> accounts);
      // the others (append-only) fire on UPDATE, DELETE and TRUNCATE only.
      name: 'without the 2 foreign keys of postings',
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
      off: [ledgerPostWithLockPass, balanceTrigger],
      on: ['DROP TRIGGER ledger_postings_balanced ON ledger_postings', shipped],
    },
    {
      // Migration 0495's change, undone: the kind and floor IN-lists as CHECKs, 0490's functions with their own list.
      name: "0490's IN-list CHECKs (kind, floor) instead of 0495's foreign key to ledger_account_kinds and has_floor",
      off: [
        `ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_non_negative,
           DROP CONSTRAINT ledger_accounts_kind_fkey,
           ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (${kindList()})),
           ADD CONSTRAINT ledger_accounts_non_negative CHECK (kind NOT IN (${kindList(true)}) OR balance >= 0)`,
        ledgerPostRefusal('public'),
        ledgerPostFastPath('public'),
      ],
      on: [
        `ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_non_negative,
           DROP CONSTRAINT ledger_accounts_kind_check,
           ADD CONSTRAINT ledger_accounts_kind_fkey FOREIGN KEY (kind, has_floor)
             REFERENCES ledger_account_kinds (kind, has_floor),
           ADD CONSTRAINT ledger_accounts_non_negative ${nonNegative}`,
        shipped,
      ],
    },
    {
      // Migration 0496's change, undone: the rules on an account's fixed columns as CHECKs, rebuilt at every UPDATE.
      name: "0495's 3 CHECKs (currency list, owner iff wallet, agency iff cash) instead of 0496's trigger on those columns",
      off: [
        'DROP TRIGGER ledger_accounts_shape ON ledger_accounts',
        `ALTER TABLE ledger_accounts
           ADD CONSTRAINT ledger_accounts_currency_check CHECK (currency IN ('EUR', 'MAD')),
           ADD CONSTRAINT ledger_accounts_owner_kind CHECK ((kind = 'customer_wallet') = (owner_user_id IS NOT NULL)),
           ADD CONSTRAINT ledger_accounts_agency_kind CHECK ((kind = 'agency_cash') = (agency_id IS NOT NULL))`,
      ],
      on: [
        `ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_currency_check,
           DROP CONSTRAINT ledger_accounts_owner_kind, DROP CONSTRAINT ledger_accounts_agency_kind`,
        `CREATE TRIGGER ledger_accounts_shape AFTER INSERT OR UPDATE OF kind, currency, owner_user_id, agency_id
           ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_account_shape()`,
      ],
    },
    {
      // Scale: no CHECK at all on ledger_accounts (not a candidate: the floor must stay for every writer).
      name: 'without the non-negative CHECK either (no CHECK left on ledger_accounts; scale only)',
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
  const all = variants(nonNegative).filter((_, i) => i === 0 || !ONLY || ONLY.includes(i));
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
  const cpuResults = new Map<string, number[]>(all.map((v) => [v.name, []]));
  // CPU of the database's backends per call, the figure a shared machine moves least (a rate moves with every
  // other engineer's load): CPU_CLIENTS connections each calling ledger_post() CPU_CALLS times, as post() does.
  const databaseName = new URL(scratch.url).pathname.slice(1);
  const clients = await Promise.all(
    Array.from({ length: CPU_CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      return client;
    }),
  );
  const [low, high] = [Number(walletIds[0]), Number(walletIds.at(-1))];
  async function cpuPerCall(): Promise<number> {
    const before = databaseBackendsCpu(databaseName, true);
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < CPU_CALLS; i++) {
          const a = low + Math.floor(Math.random() * (high - low + 1));
          const b = low + ((a - low + 1 + Math.floor(Math.random() * (high - low))) % (high - low + 1));
          await client.query({
            name: 'ledger_post',
            text: "SELECT entry_id FROM ledger_post('transfer', 'bench', 'cpu', '{}'::jsonb, $1::bigint[], ARRAY['MAD', 'MAD'], ARRAY[-100, 100]::bigint[])",
            values: [[a, b]],
          });
        }
      }),
    );
    return databaseCpuSince(databaseName, before, true) / (CPU_CALLS * CPU_CLIENTS);
  }
  async function bareCpuPerCall(): Promise<number> {
    const before = databaseBackendsCpu(databaseName, true);
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < CPU_CALLS; i++) {
          const a = 1 + Math.floor(Math.random() * WALLETS);
          const b = 1 + ((a + Math.floor(Math.random() * (WALLETS - 1))) % WALLETS);
          await client.query('BEGIN');
          await client.query({
            name: 'bare_debit',
            text: 'UPDATE bench_transfer_accounts SET balance = balance - 1 WHERE id = $1',
            values: [Math.min(a, b)],
          });
          await client.query({
            name: 'bare_credit',
            text: 'UPDATE bench_transfer_accounts SET balance = balance + 1 WHERE id = $1',
            values: [Math.max(a, b)],
          });
          await client.query('COMMIT');
        }
      }),
    );
    return databaseCpuSince(databaseName, before, true) / (CPU_CALLS * CPU_CLIENTS);
  }
  const bareCpu: number[] = [];
  try {
    runPgbench(scratch.url, script.file, CLIENTS, 3); // warm-up
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = await bareTransfer(scratch.url, WALLETS, CLIENTS, SECONDS, 2);
      const load = loadavg().map((l) => l.toFixed(2));
      bareCpu.push(await bareCpuPerCall());
      console.log(
        `round ${round}: load average ${load.join(' ')}; bare transfer ${bareCpu.at(-1)!.toFixed(3)} ms database CPU`,
      );
      // Each round starts with another variant: the first run after the baseline is slower (the baseline's table
      // was just written), and the journal grows through the round.
      const shift = (round - 1) % all.length;
      for (const variant of [...all.slice(shift), ...all.slice(0, shift)]) {
        for (const statement of variant.off) await pool.query(statement);
        try {
          const { tps } = runPgbench(scratch.url, script.file, CLIENTS, SECONDS);
          const ratio = (100 * tps) / bare.tps;
          results.get(variant.name)!.push(ratio);
          const cpu = await cpuPerCall();
          cpuResults.get(variant.name)!.push(cpu);
          console.log(
            `  ${variant.name}: ${tps.toFixed(0)} tx/s = ${ratio.toFixed(1)} % of bare ${bare.tps.toFixed(0)}; ` +
              `${cpu.toFixed(3)} ms database CPU per call`,
          );
        } finally {
          for (const statement of variant.on) await pool.query(statement);
        }
      }
    }
  } finally {
    script.cleanup();
    await Promise.all(clients.map((c) => c.end()));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log('');
  console.log(
    `database CPU per call (${CPU_CLIENTS} clients x ${CPU_CALLS} calls per variant and round); the bare two-UPDATE ` +
      `transfer (BEGIN, 2 UPDATEs, COMMIT): ${bareCpu.map((c) => c.toFixed(3)).join(', ')} ms (mean ${mean(bareCpu).toFixed(3)})`,
  );
  for (const [name, cpus] of cpuResults)
    console.log(
      `  ${name}: ${cpus.map((c) => c.toFixed(3)).join(', ')} ms (mean ${mean(cpus).toFixed(3)} ms = ` +
        `${((100 * mean(bareCpu)) / mean(cpus)).toFixed(1)} % of the bare transfer's rate, were CPU the only limit)`,
    );
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
