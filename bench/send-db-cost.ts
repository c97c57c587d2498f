/**
 * The database's own CPU per call of wallet_send() (a send to a registered recipient), by schema
 * variant: the HTTP send bench's database figure moves by 10-20 % between runs on this shared machine, more than
 * a trigger or an index is worth. Here there is no Node server and no worker: CLIENTS connections each call
 * wallet_send() CALLS times per round (a named prepared statement, as the API process runs it; each with its own
 * Idempotency-Key, a 1.00 MAD transfer between distinct funded users with verified e-mails), and the CPU those
 * backends spent (/proc/PID/schedstat: nanoseconds on a CPU) is divided by the calls.
 *
 * Each variant is a scratch database migrated to the latest schema, then with some migrations rolled back by their
 * own down(), or some statements run on it. (Variants that put back an earlier text of wallet_send() or
 * ledger_post() went when the migrations stopped holding function text: ADR 010 keeps what they measured.) The variants alternate in slices of SLICE calls per
 * connection (a fraction of a second each, the order rotated), so every variant meets the same load on this shared
 * machine; a round's figure is the sum of its slices. BENCH_VARIANTS is a comma-separated list of name prefixes (so
 * a prefix holds no comma: BENCH_VARIANTS=all,price compares every price with all; all,price: 0500 one of them).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/send-db-cost.ts
 *   BENCH_ROUNDS=4 BENCH_CALLS=1000 BENCH_VARIANTS=all,same node --import tsx bench/send-db-cost.ts
 *
 * It also prints the WAL written per send (pg_current_wal_insert_lsn() before and after): deterministic on a
 * PostgreSQL of one's own, polluted by everyone else's writes on a shared one.
 *
 * Scratch databases dropped at the end; prints figures, asserts nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import * as partialUniqueKeys from '../server/db/migrations/0441_transactions_partial_unique_keys.ts';
import type { Database } from '../server/db/schema.ts';
import { securityCodeMac } from '../server/modules/users/security-code-hash.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const USERS = 64;
const CLIENTS = 4;
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const WARMUP = 25;
/** Calls per connection in one slice; the variants alternate slice by slice. */
const SLICE = Number(process.env.BENCH_SLICE ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PEPPER = 'bench-pepper';
const CODE = '135790';

type Down = (db: Kysely<unknown>) => Promise<void>;
/**
 * Each variant: the migrations rolled back after migrating to the latest schema (newest first), then statements
 * run on that scratch database only (the pricing of a mechanism not changed, e.g. an index a list query uses).
 */
const allVariants: Record<string, { downs: Down[]; then?: string[]; batch?: number }> = {
  all: { downs: [] },
  // Group commit (SEND_BATCH): the session's check, then the send, one statement each, against the same through
  // wallet_send_batch() with N items a statement (one transaction, a subtransaction per item).
  'as: wallet_send_as() one statement a send': { downs: [], batch: 1 },
  'batch 8: wallet_send_batch() of 8 sends': { downs: [], batch: 8 },
  'batch 32: wallet_send_batch() of 32 sends': { downs: [], batch: 32 },
  'all but 0441 (full unique token/code indexes)': { downs: [partialUniqueKeys.down] },
  'price: all, without the amount indexes (list filters use them)': {
    downs: [],
    then: ['DROP INDEX transactions_sender_amount_idx', 'DROP INDEX transactions_recipient_amount_idx'],
  },
  'price: all, without transactions_created_idx (ops dashboard uses it)': {
    downs: [],
    then: ['DROP INDEX transactions_created_idx'],
  },
  "price: all, without the timeline's 'created' row": {
    downs: [],
    then: [
      `DO $$ DECLARE d text := pg_get_functiondef('transactions_on_insert()'::regprocedure); BEGIN
         EXECUTE replace(replace(d, $a$VALUES (NEW.id, 'created', NULL, NEW.created_at),$a$, 'VALUES'),
                         $a$INSERT INTO transaction_events (transaction_id, status, at) VALUES (NEW.id, 'created', NEW.created_at);$a$, 'NULL;');
       END $$`,
    ],
  },
  // ADR 010: what a migration 0500 was to do, tried and not kept (2.0 %).
  "price: 0500 as tried (all; the 'created' row derived; the timeline's primary key on (transaction_id, id))": {
    downs: [],
    then: [
      `DO $$ DECLARE d text := pg_get_functiondef('transactions_on_insert()'::regprocedure); BEGIN
         EXECUTE replace(replace(d, $a$VALUES (NEW.id, 'created', NULL, NEW.created_at),$a$, 'VALUES'),
                         $a$INSERT INTO transaction_events (transaction_id, status, at) VALUES (NEW.id, 'created', NEW.created_at);$a$, 'NULL;');
       END $$`,
      'CREATE UNIQUE INDEX transaction_events_transaction_key ON transaction_events (transaction_id, id)',
      'ALTER TABLE transaction_events DROP CONSTRAINT transaction_events_pkey',
      `ALTER TABLE transaction_events
         ADD CONSTRAINT transaction_events_pkey PRIMARY KEY USING INDEX transaction_events_transaction_key`,
      'DROP INDEX transaction_events_transaction_idx',
    ],
  },
  // Per-send queue rows, priced as if a consumer read the transactions instead (the work moves, see the ADR).
  'price: all, without the monitoring_queue row': {
    downs: [],
    then: [
      `DO $$ DECLARE d text := pg_get_functiondef('transactions_on_insert()'::regprocedure); BEGIN
         EXECUTE replace(d, 'INSERT INTO monitoring_queue (transaction_id) VALUES (NEW.id);', 'NULL;');
       END $$`,
    ],
  },
  'price: all, without the receipt_mails row (and its users lookup)': {
    downs: [],
    then: [
      `DO $$ DECLARE d text := pg_get_functiondef('transactions_on_insert()'::regprocedure); BEGIN
         EXECUTE replace(d, $a$IF NEW.status = 'completed' AND NEW.kind IN ('transfer', 'exchange') THEN$a$, 'IF false THEN');
       END $$`,
    ],
  },
  'price: all, without the chain_outbox row': {
    downs: [],
    then: [
      `DO $$ DECLARE d text := pg_get_functiondef('wallet_send'::regproc); BEGIN
         EXECUTE replace(d, 'INSERT INTO chain_outbox (transaction_id) VALUES (v_id) ON CONFLICT (transaction_id) DO NOTHING;', 'NULL;');
       END $$`,
    ],
  },
  // Integrity, not a cost to cut by dropping: the checks a send's children make on the row the send just inserted.
  "price: all, without the FKs of the rows a send's trigger writes to its own transaction": {
    downs: [],
    then: [
      'ALTER TABLE transaction_events DROP CONSTRAINT transaction_events_transaction_fk',
      'ALTER TABLE notifications DROP CONSTRAINT notifications_transaction_id_fkey',
      'ALTER TABLE receipt_mails DROP CONSTRAINT receipt_mails_transaction_id_fkey',
      'ALTER TABLE chain_outbox DROP CONSTRAINT chain_outbox_transaction_id_fkey',
    ],
  },
  // An A/A check: the same schema as all, in another position of the rotation and another scratch database.
  'same: all again (A/A: what the bench itself makes of two identical variants)': { downs: [] },
};
const chosen = process.env.BENCH_VARIANTS?.split(',');
// Default: all, without 0441, and the A/A pair; BENCH_VARIANTS=all,price picks by name prefix.
const variants = Object.entries(allVariants).filter(([name]) =>
  chosen ? chosen.some((c) => name.startsWith(c)) : !name.startsWith('price'),
);

interface Prepared {
  name: string;
  scratch: ScratchDatabase;
  users: { id: string; contact: string; salt: Buffer; mac: Buffer; session: string }[];
  /** Sends per statement through wallet_send_as() (1) or wallet_send_batch() (more); 0: wallet_send() itself. */
  batch: number;
}

async function prepare(name: string, variant: { downs: Down[]; then?: string[]; batch?: number }): Promise<Prepared> {
  const scratch = await createScratchDatabase('send_db_cost');
  const database = connectDatabase({ url: scratch.url, poolMax: 2 });
  try {
    await migrateToLatest(database.db);
    for (const down of variant.downs) await down(database.db as Kysely<unknown>);
    for (const statement of variant.then ?? []) await sql.raw(statement).execute(database.db);
    const users = await seed(database.db);
    return { name, scratch, users, batch: variant.batch ?? 0 };
  } finally {
    await database.close();
  }
}

/** USERS customers (verified e-mail, level 2, a current-scheme code), each with a linked contact to the next. */
async function seed(db: Kysely<Database>): Promise<Prepared['users']> {
  const first = 1_000_001;
  const made = Array.from({ length: USERS }, (_, i) => {
    const salt = randomBytes(16);
    const mac = securityCodeMac(PEPPER, CODE, salt);
    return { id: String(first + i), salt, mac, hash: Buffer.concat([Buffer.from([0]), mac]) };
  });
  for (const u of made) {
    await sql`INSERT INTO users (id, email, email_verified_at, phone_auth, first_name, last_name, account_id,
                                 security_code_hash, security_code_salt, kyc_level)
      VALUES (${u.id}::bigint, ${`bench${u.id}@example.com`}, now(), false, 'Bench', ${u.id},
              ${`0x${randomBytes(20).toString('hex')}`}, ${u.hash}, ${u.salt}, 2)`.execute(db);
  }
  await sql`INSERT INTO ledger_accounts (kind, currency, owner_user_id)
    SELECT 'customer_wallet', 'MAD', id FROM users WHERE id >= ${first}`.execute(db);
  const fx = await sql<{
    id: string;
  }>`SELECT id::text FROM ledger_accounts WHERE kind = 'fx' AND currency = 'MAD'`.execute(db);
  let fxId = fx.rows[0]?.id;
  if (!fxId) {
    const made = await sql<{ id: string }>`INSERT INTO ledger_accounts (kind, currency) VALUES ('fx', 'MAD')
      RETURNING id::text`.execute(db);
    fxId = made.rows[0]?.id;
  }
  const wallets2 = await sql<{ id: string }>`SELECT id::text FROM ledger_accounts WHERE kind = 'customer_wallet'
    AND owner_user_id >= ${first} ORDER BY id`.execute(db);
  const each = 100_000_000n;
  await sql`SELECT ledger_post('deposit', 'bench', 'funding', '{}'::jsonb,
      ${[fxId, ...wallets2.rows.map((w) => w.id)]}::bigint[],
      ${Array.from({ length: USERS + 1 }, () => 'MAD')}::text[],
      ${[String(-each * BigInt(USERS)), ...wallets2.rows.map(() => String(each))]}::bigint[])`.execute(db);
  const version = await sql<{ v: string }>`SELECT coalesce(max(version), 0)::text AS v FROM sanctions_lists`.execute(
    db,
  );
  const users: Prepared['users'] = [];
  for (const [i, u] of made.entries()) {
    const to = made[(i + 1) % USERS];
    if (!to) throw new Error('no recipient');
    const account = await sql<{ account_id: string }>`SELECT account_id FROM users WHERE id = ${to.id}::bigint`.execute(
      db,
    );
    const contact = await sql<{ id: string }>`INSERT INTO contacts (owner_user_id, first_name, last_name, email,
        contact_user, account_id, sanctions_version)
      VALUES (${u.id}::bigint, 'Bench', ${to.id}, ${`bench${to.id}@example.com`}, ${to.id}::bigint,
              ${account.rows[0]?.account_id}, ${version.rows[0]?.v}::bigint) RETURNING id::text`.execute(db);
    const session = randomUUID();
    await sql`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (${session}::uuid, ${u.id}::bigint, now(),
      now() + interval '1 day')`.execute(db);
    users.push({ id: u.id, contact: contact.rows[0]?.id ?? '', salt: u.salt, mac: u.mac, session });
  }
  return users;
}

const sendText = `SELECT wallet_send($1::bigint, $2::bigint, 100::bigint, $3::bytea, $4::bytea, $5, $6, $7, now(),
  5, 900) AS result`;
const sendAsText = `SELECT wallet_send_as($1::uuid, $2::bigint, $3::bigint, 100::bigint, $4::bytea, $5::bytea, $6, $7,
  $8, now(), 5, 900) AS result`;
const batchText = 'SELECT wallet_send_batch($1::jsonb, 5, 900) AS result';

/** A variant's connections, kept for the whole run, and its backends' pids. */
interface Open extends Prepared {
  clients: pg.Client[];
  pids: number[];
  sent: number;
  refused: number;
  cpuMs: number[];
  walBytes: number[];
}

async function open(p: Prepared): Promise<Open> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: p.scratch.url });
      await c.connect();
      return c;
    }),
  );
  const pids = await Promise.all(
    clients.map(async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0),
  );
  return { ...p, clients, pids, sent: 0, refused: 0, cpuMs: [], walBytes: [] };
}

/** Nanoseconds on a CPU of these backends (schedstat's first field), in ms. */
function backendsCpu(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6, 0);
}

async function walLsn(c: pg.Client | undefined): Promise<string> {
  return (await c?.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'))?.rows[0]?.lsn ?? '0/0';
}

/** `calls` sends on each of the variant's connections at once; answers the CPU and WAL they cost. */
async function slice(o: Open, calls: number): Promise<{ cpu: number; wal: number }> {
  const walBefore = await walLsn(o.clients[0]);
  const before = backendsCpu(o.pids);
  await Promise.all(
    o.clients.map(async (c, n) => {
      const user = (i: number) => {
        const u = o.users[(n * 16 + o.sent + i) % USERS];
        if (!u) throw new Error('no user');
        return u;
      };
      for (let i = 0; i < calls; i += Math.max(1, o.batch)) {
        const u = user(i);
        const key = randomUUID();
        if (o.batch === 0) {
          const r = await c.query<{ result: { outcome: string } }>({
            name: 'send',
            text: sendText,
            values: [u.id, u.contact, u.salt, u.mac, `transactions:${u.id}`, key, 'h'.repeat(64)],
          });
          if (r.rows[0]?.result.outcome !== 'sent') o.refused++;
        } else if (o.batch === 1) {
          const r = await c.query<{ result: { outcome: string } }>({
            name: 'send-as',
            text: sendAsText,
            values: [u.session, u.id, u.contact, u.salt, u.mac, `transactions:${u.id}`, key, 'h'.repeat(64)],
          });
          if (r.rows[0]?.result.outcome !== 'sent') o.refused++;
        } else {
          const items = Array.from({ length: Math.min(o.batch, calls - i) }, (_, j) => {
            const v = user(i + j);
            return {
              session: v.session,
              sender: v.id,
              contact: v.contact,
              amount: '100',
              salt: v.salt.toString('hex'),
              mac: v.mac.toString('hex'),
              scope: `transactions:${v.id}`,
              key: randomUUID(),
              request_hash: 'h'.repeat(64),
              now: new Date().toISOString(),
            };
          });
          const r = await c.query<{ result: { outcome: string }[] }>({
            name: 'send-batch',
            text: batchText,
            values: [JSON.stringify(items)],
          });
          o.refused += (r.rows[0]?.result ?? []).filter((x) => x.outcome !== 'sent').length;
        }
      }
    }),
  );
  const cpu = backendsCpu(o.pids) - before;
  const wal = await o.clients[0]?.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS bytes', [
    await walLsn(o.clients[0]),
    walBefore,
  ]);
  o.sent += calls;
  return { cpu, wal: Number(wal?.rows[0]?.bytes) };
}

const prepared: Open[] = [];
try {
  for (const [name, variant] of variants) prepared.push(await open(await prepare(name, variant)));
  // Warm-up, not counted: each backend compiles the PL/pgSQL functions and plans their statements once.
  for (const o of prepared) await slice(o, WARMUP);
  const slices = Math.max(1, Math.round(CALLS / SLICE));
  console.log(
    `${variants.length} variants, ${CLIENTS} connections each; ${ROUNDS} rounds of ${slices} slices of ${SLICE} ` +
      `wallet_send() calls per connection, the variants alternating slice by slice (order rotated); load ` +
      loadavg()
        .map((x) => x.toFixed(1))
        .join(' '),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const sums = prepared.map(() => ({ cpu: 0, wal: 0 }));
    for (let k = 0; k < slices; k++)
      for (let j = 0; j < prepared.length; j++) {
        const i = (j + k + round) % prepared.length;
        const o = prepared[i];
        const sum = sums[i];
        if (!o || !sum) continue;
        const r = await slice(o, SLICE);
        sum.cpu += r.cpu;
        sum.wal += r.wal;
      }
    const perSend = slices * SLICE * CLIENTS;
    prepared.forEach((o, i) => {
      o.cpuMs.push((sums[i]?.cpu ?? 0) / perSend);
      o.walBytes.push((sums[i]?.wal ?? 0) / perSend);
    });
    console.log(
      `round ${round + 1} (load ${loadavg()[0]?.toFixed(1)}): ` +
        prepared.map((o) => `${o.name.split(' ')[0]} ${o.cpuMs[round]?.toFixed(3)} ms`).join(', '),
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const base = mean(prepared[0]?.cpuMs ?? []);
  console.log('\nvariant | database CPU per send, each round | mean | vs. first | WAL bytes per send (mean)');
  for (const o of prepared)
    console.log(
      `${o.name} | ${o.cpuMs.map((x) => x.toFixed(3)).join(', ')} ms | ${mean(o.cpuMs).toFixed(3)} ms | ` +
        `${(((mean(o.cpuMs) - base) / base) * 100).toFixed(1)} % | ${mean(o.walBytes).toFixed(0)}` +
        (o.refused ? ` | ${o.refused} not sent` : ''),
    );
} finally {
  for (const o of prepared) {
    await Promise.all(o.clients.map((c) => c.end()));
    await o.scratch.drop();
  }
}
