/**
 * The list endpoints under a realistic volume: `GET /api/transactions/` (with each filter the history offers)
 * and `GET /api/contacts/` (search) with 100,000 transactions and 10,000 contacts in the database, through a
 * real server process on the machine's PostgreSQL (a fresh database, dropped at the end). Then EXPLAIN (ANALYZE,
 * BUFFERS) of the SQL those endpoints run (captured from the repositories themselves through Kysely's log), so the
 * indexes can be judged on the plans. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/list-endpoints.ts
 *   BENCH_PLANS=0 node --import tsx bench/list-endpoints.ts     # figures only
 *   BENCH_CPU_PROF=1 node --import tsx bench/list-endpoints.ts  # also a V8 CPU profile of the server (bench/profile-top.ts)
 *
 * Beside each latency, the server's CPU per request (its processes, from /proc): unlike a percentile on a shared
 * machine, it does not grow with the machine's load, so it tells the app's own cost from the wait for a core.
 *
 * Data: users signed up through the API; their wallets funded by fundWallet (one balanced entry each); then the
 * history in a few set-based statements (seedHistory): every transfer and top-up is a balanced ledger entry (its
 * postings checked by ledger:check right after the seed, since the only writer replaced the balance trigger (0480),
 * its accounts by the foreign keys) with its history row and
 * its timeline steps. The measured customer has a fifth of all transactions and of all contacts, far more than a
 * real one: the worst case.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { projectRoot } from '../server/config.ts';
import type { Database } from '../server/db/schema.ts';
import { listOwnContacts } from '../server/modules/contacts/contacts.repository.ts';
import { listHistory } from '../server/modules/transfers/history-page.repository.ts';
import { checkLedger } from '../server/ledger/ledger-check.ts';
import { fundWallet } from '../tests/support/factories.ts';
import { backfillTransactionEvents } from '../server/db/migrations/0180_transaction_events.ts';
import { BenchClient, benchServerLimits, mapConcurrent, signUp, type BenchUser } from './api-client.ts';
import { emitMetric, fmt, percentile } from './report.ts';
import { createScratchDatabase, seedDemo } from './scratch-database.ts';
import { benchPort, databaseBackendsCpu, databaseCpuSince, processStats, startBenchServer } from './server-process.ts';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const USERS = 200;
// p99 over 1,000 samples is the 10th slowest, not the maximum.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CLIENTS = 4;
const PORT = benchPort(4);

const FIRST = [
  'Amina',
  'Youssef',
  'Fatima',
  'Mehdi',
  'Salma',
  'Karim',
  'Nadia',
  'Omar',
  'Leïla',
  'Élodie',
  'Hicham',
  'Zineb',
];
const LAST = [
  'Benali',
  'El Idrissi',
  'Alaoui',
  'Tazi',
  'Bennani',
  'Chraibi',
  'Martin',
  'Dubois',
  'Lefèvre',
  'Ouazzani',
];

/**
 * The history, set-based (one ledger_post() call per row took 11.5 minutes for 100,000 rows). Row i (1..TRANSACTIONS,
 * created_at one minute apart up to now, ids in the same order): every tenth a card top-up (a fifth of them
 * Alice's) with the four postings of a real one; the others transfers between linked pairs, Alice the sender in a
 * tenth of all rows and the recipient in another tenth. Each is a balanced ledger entry (written as the
 * owner, past ledger_post(): ledger:check proves them balanced after the seed) and whose wallets are updated by the sum of their
 * postings (funded far beyond what they send, so no balance goes below zero: the CHECK would refuse it).
 *
 * The transactions table's triggers are off for the insert: in a running app the outboxes they fill (receipt
 * mails, monitoring, notifications) were worked off long ago, and 100,000 of them queued would have the server's
 * workers render receipts and judge rules during the measurement. The timeline steps those triggers write are
 * written afterwards by the migration's own backfill (created, then received / completed). One transaction:
 * a failure leaves nothing and the triggers on.
 */
async function seedHistory(aliceId: number): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query('BEGIN');
    // Ids taken in one block per table, in the rows' order (the list pages by id).
    const reserve = async (table: string) => {
      const { rows } = await conn.query<{ base: string }>(
        `SELECT nextval(pg_get_serial_sequence($1, 'id'))::text AS base`,
        [table],
      );
      const base = rows[0]?.base ?? '0';
      await conn.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint + $3)`, [table, base, TRANSACTIONS]);
      return base;
    };
    const [transactionBase, entryBase] = [await reserve('transactions'), await reserve('ledger_entries')];
    // The i-th row's parties, as the old per-row loop picked them from arrays ordered by id.
    await conn.query(
      `CREATE TEMP TABLE bench_history ON COMMIT DROP AS
       WITH customers AS (SELECT row_number() OVER (ORDER BY id) AS n, id FROM users WHERE role = 'customer'),
            pairs AS (SELECT row_number() OVER (ORDER BY id) AS n, owner_user_id AS s, contact_user AS r, id AS c
                        FROM contacts WHERE contact_user IS NOT NULL),
            from_alice AS (SELECT row_number() OVER (ORDER BY id) AS n, owner_user_id AS s, contact_user AS r, id AS c
                             FROM contacts WHERE contact_user IS NOT NULL AND owner_user_id = $1),
            to_alice AS (SELECT row_number() OVER (ORDER BY id) AS n, owner_user_id AS s, contact_user AS r, id AS c
                           FROM contacts WHERE contact_user = $1)
       SELECT g AS i, $2::bigint + g AS tid, $3::bigint + g AS entry,
              (100 * (1 + (g * 37) % 500) + (g % 100))::bigint AS amount,
              CASE WHEN g % 10 = 0 THEN 'exchange' ELSE 'transfer' END AS kind,
              CASE WHEN g % 10 <> 0 THEN coalesce(fa.s, ta.s, p.s) END AS sender,
              CASE WHEN g % 10 = 0 THEN CASE WHEN g % 50 = 0 THEN $1 ELSE cu.id END ELSE coalesce(fa.r, ta.r, p.r) END
                AS recipient,
              CASE WHEN g % 10 <> 0 THEN coalesce(fa.c, ta.c, p.c) END AS contact,
              now() - (($4 - g) * interval '1 minute') AS created_at
         FROM generate_series(1, $4) g
         LEFT JOIN customers cu ON g % 10 = 0 AND cu.n = 1 + (g / 10) % (SELECT count(*) FROM customers)
         LEFT JOIN from_alice fa ON g % 10 = 1 AND fa.n = 1 + (g / 10) % (SELECT count(*) FROM from_alice)
         LEFT JOIN to_alice ta ON g % 10 = 2 AND ta.n = 1 + (g / 10) % (SELECT count(*) FROM to_alice)
         LEFT JOIN pairs p ON g % 10 NOT IN (0, 1, 2) AND p.n = 1 + (g::bigint * 7919) % (SELECT count(*) FROM pairs)`,
      [aliceId, transactionBase, entryBase, TRANSACTIONS],
    );
    await conn.query(
      `INSERT INTO ledger_entries (id, kind, reference_type, reference_id, metadata, created_at) OVERRIDING SYSTEM VALUE
       SELECT entry, kind, CASE kind WHEN 'exchange' THEN 'bench_top_up' ELSE 'transaction' END, tid::text, '{}', created_at
         FROM bench_history ORDER BY i`,
    );
    // The postings of all entries in one statement (checked by ledger:check once the seed is done).
    await conn.query(
      `CREATE TEMP TABLE bench_postings ON COMMIT DROP AS
       WITH platform AS (
         SELECT (SELECT id FROM ledger_accounts WHERE kind = 'card_clearing' AND currency = 'EUR') AS clearing,
                (SELECT id FROM ledger_accounts WHERE kind = 'fx' AND currency = 'EUR') AS fx_eur,
                (SELECT id FROM ledger_accounts WHERE kind = 'fx' AND currency = 'MAD') AS fx_mad),
       wallets AS (SELECT owner_user_id, id FROM ledger_accounts WHERE kind = 'customer_wallet' AND currency = 'MAD')
       SELECT h.entry, l.line, l.account_id, l.currency, l.amount
         FROM bench_history h CROSS JOIN platform
         LEFT JOIN wallets ws ON ws.owner_user_id = h.sender
         JOIN wallets wr ON wr.owner_user_id = h.recipient
         CROSS JOIN LATERAL (VALUES
           (1, CASE h.kind WHEN 'exchange' THEN platform.clearing ELSE ws.id END,
               CASE h.kind WHEN 'exchange' THEN 'EUR' ELSE 'MAD' END,
               CASE h.kind WHEN 'exchange' THEN -(h.amount / 10) ELSE -h.amount END),
           (2, CASE h.kind WHEN 'exchange' THEN platform.fx_eur ELSE wr.id END,
               CASE h.kind WHEN 'exchange' THEN 'EUR' ELSE 'MAD' END,
               CASE h.kind WHEN 'exchange' THEN h.amount / 10 ELSE h.amount END),
           (3, platform.fx_mad, 'MAD', -h.amount),
           (4, wr.id, 'MAD', h.amount)) AS l(line, account_id, currency, amount)
        WHERE l.line <= 2 OR h.kind = 'exchange'`,
    );
    await conn.query(
      `INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
       SELECT entry, line, account_id, currency, amount FROM bench_postings ORDER BY entry, line`,
    );
    await conn.query(
      `UPDATE ledger_accounts a SET balance = a.balance + d.delta
         FROM (SELECT account_id, sum(amount) AS delta FROM bench_postings GROUP BY account_id) d
        WHERE a.id = d.account_id`,
    );
    await conn.query('ALTER TABLE transactions DISABLE TRIGGER USER');
    await conn.query('ALTER TABLE transaction_events DISABLE TRIGGER USER');
    await conn.query(
      `INSERT INTO transactions (id, kind, status, sender_user_id, recipient_user_id, contact_id, amount, reference,
                                 ledger_entry_id, created_at)
       SELECT tid, kind, 'completed', sender, recipient, contact, amount,
              CASE kind WHEN 'exchange' THEN 'bench-' || tid END, entry, created_at
         FROM bench_history ORDER BY i`,
    );
    // The migration's backfill, on this transaction's connection (a Kysely whose pool is that one client).
    const onConnection = {
      connect: async () => ({ query: conn.query.bind(conn), release: () => undefined }),
      end: async () => undefined,
    };
    await backfillTransactionEvents(new Kysely<unknown>({ dialect: new PostgresDialect({ pool: onConnection }) }));
    await conn.query('ALTER TABLE transaction_events ENABLE TRIGGER USER');
    await conn.query('ALTER TABLE transactions ENABLE TRIGGER USER');
    await conn.query('COMMIT');
  } catch (error) {
    await conn.query('ROLLBACK');
    throw error;
  } finally {
    conn.release();
  }
}

/**
 * VACUUM ANALYZE, then VACUUM again until the visibility map covers the list tables: the counts are index-only
 * scans, which read the heap for every row of a page not marked all-visible. A VACUUM that runs while any query of
 * the server (its workers poll) holds a snapshot older than the seed's commit marks nothing, and the measured
 * database CPU per request was then 4-5 times what it is on a table autovacuum has kept up (a live app's case).
 */
async function vacuumUntilVisible(): Promise<void> {
  await pool.query('VACUUM ANALYZE');
  for (let attempt = 0; attempt < 20; attempt++) {
    const { rows } = await pool.query<{ hidden: number }>(
      `SELECT count(*)::int AS hidden FROM pg_class
        WHERE relname IN ('transactions', 'contacts', 'users', 'sessions') AND relallvisible < relpages * 0.95`,
    );
    if (rows[0]?.hidden === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await pool.query('VACUUM transactions, contacts, users, sessions');
  }
  console.log('\n(warning: the visibility map is still incomplete: the counts will read the heap)');
}

const scratch = await createScratchDatabase('list_bench');
const databaseName = new URL(scratch.url).pathname.slice(1);
const captured: { sql: string; parameters: readonly unknown[] }[] = [];
const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event: LogEvent) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
const profileDir = path.join(projectRoot, '.data', 'profiles');
const server = await startBenchServer(PORT, '.data/bench-pg', {
  env: { ...benchServerLimits, DATABASE_URL: scratch.url },
  nodeArgs: process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
const serverPid = server.child.pid ?? 0;
seedDemo(scratch.url); // after the server's own migration: rates and agencies
const client = new BenchClient(server.baseUrl, CLIENTS * 2);
try {
  // --- data ---------------------------------------------------------------------------------------------------
  const setupStart = performance.now();
  const users = await mapConcurrent(Array.from({ length: USERS }), 8, () =>
    signUp(client, { tag: 'list', profile: true }),
  );
  const alice = users[0] as BenchUser;
  for (const user of users) await fundWallet(db, user.userId, 100_000_000_00n);
  // Alice's recipients: every other user, linked (through the API, as the app adds them).
  await mapConcurrent(users.slice(1), 8, async (other, i) => {
    const created = await client.request('POST', '/api/contacts/', {
      token: alice.token,
      body: { first_name: FIRST[i % FIRST.length], last_name: `${LAST[i % LAST.length]} ${i}`, email: other.email },
    });
    if (created.status !== 201) throw new Error(`contact: ${created.status} ${JSON.stringify(created.body)}`);
  });
  await pool.query(
    `
    -- Everybody else's recipients: copies of Alice's linked ones (each user gets a few people to send to) ...
    INSERT INTO contacts (owner_user_id, first_name, last_name, email, contact_user, account_id)
    SELECT u.id, c.first_name, c.last_name, c.email, c.contact_user, c.account_id
    FROM users u CROSS JOIN LATERAL (
      SELECT * FROM contacts c WHERE c.owner_user_id = $1 AND c.contact_user <> u.id ORDER BY (c.id * 7919 + u.id) % 1009 LIMIT 5
    ) c
    WHERE u.id <> $1 AND u.role = 'customer'`,
    [alice.userId],
  );
  // ... and Alice herself, so she receives too.
  await pool.query(
    `INSERT INTO contacts (owner_user_id, first_name, last_name, email, contact_user, account_id)
     SELECT u.id, a.first_name, a.last_name, a.email, a.id, a.account_id FROM users u, users a WHERE a.id = $1 AND u.id <> $1 AND u.role = 'customer'`,
    [alice.userId],
  );
  const {
    rows: [{ n: linked } = { n: 0 }],
  } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts');
  // ... and unlinked recipients up to CONTACTS in all, a fifth of them Alice's (the worst case for her search).
  await pool.query(
    `INSERT INTO contacts (owner_user_id, first_name, last_name, email, phone_number)
     SELECT CASE WHEN g % 5 = 0 THEN $1 ELSE (SELECT id FROM users WHERE role = 'customer' ORDER BY id OFFSET (g % $2) LIMIT 1) END,
            ($3::text[])[1 + g % array_length($3::text[], 1)], ($4::text[])[1 + (g / 7) % array_length($4::text[], 1)] || ' ' || g,
            'person' || g || '@example.com', '+2126' || lpad(g::text, 8, '0')
     FROM generate_series(1, $5) g`,
    [alice.userId, USERS, FIRST, LAST, Math.max(0, CONTACTS - linked)],
  );

  const historyStart = performance.now();
  await seedHistory(alice.userId);
  const historySeconds = (performance.now() - historyStart) / 1000;
  // The seed writes the journal as the owner, past the only writer's balance check: ledger:check proves it.
  const seeded = await checkLedger(db);
  if (seeded.problems.length > 0) throw new Error(`the seeded ledger: ${seeded.problems.join('; ')}`);
  await vacuumUntilVisible();
  const counts = (
    await pool.query<{ transactions: number; contacts: number; alice_tx: number; alice_contacts: number }>(
      `SELECT (SELECT count(*)::int FROM transactions) AS transactions, (SELECT count(*)::int FROM contacts) AS contacts,
              (SELECT count(*)::int FROM transactions WHERE sender_user_id = $1 OR recipient_user_id = $1) AS alice_tx,
              (SELECT count(*)::int FROM contacts WHERE owner_user_id = $1) AS alice_contacts`,
      [alice.userId],
    )
  ).rows[0];
  console.log(
    `\ndata: ${counts?.transactions} transactions, ${counts?.contacts} contacts (the measured customer: ${counts?.alice_tx} ` +
      `transactions, ${counts?.alice_contacts} contacts) in ${fmt((performance.now() - setupStart) / 1000, 1)} s ` +
      `(the history ${fmt(historySeconds, 1)} s)`,
  );

  // --- latency through the API --------------------------------------------------------------------------------
  const partner = (
    await client.request<{ results: { contact_user: number | null }[] }>('GET', '/api/contacts/?search=Benali', {
      token: alice.token,
    })
  ).body.results.find((c) => c.contact_user !== null)?.contact_user;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const queries: [string, string][] = [
    // The floor on this machine at this moment: an answer with no query and no authentication.
    ['baseline: /api/health/', '/api/health/'],
    ['transactions, first page', '/api/transactions/?page=1&page_size=10'],
    ['transactions, page 100', '/api/transactions/?page=100&page_size=10'],
    ['transactions, category=sending', '/api/transactions/?category=sending&page_size=10'],
    ['transactions, category=reception', '/api/transactions/?category=reception&page_size=10'],
    ['transactions, category=exchange', '/api/transactions/?category=exchange&page_size=10'],
    ['transactions, category=withdraw', '/api/transactions/?category=withdraw&page_size=10'],
    ['transactions, amount=250.00', '/api/transactions/?amount=250.00&page_size=10'],
    ['transactions, amount +-10 %', '/api/transactions/?amount_gte=225.00&amount_lte=275.00&page_size=10'],
    ['transactions, 7-day window', `/api/transactions/?start_date=${day(30)}&end_date=${day(23)}&page_size=10`],
    ['transactions, user=contact', `/api/transactions/?user=${partner}&page_size=10`],
    ['contacts, first page', '/api/contacts/?page=1&page_size=10'],
    ['contacts, search "ben"', '/api/contacts/?search=ben&page_size=10'],
    ['contacts, search "élo" (accents)', '/api/contacts/?search=%C3%A9lo&page_size=10'],
    ['contacts, search no match', `/api/contacts/?search=${randomUUID().slice(0, 8)}&page_size=10`],
    ['contacts, search phone "0612"', '/api/contacts/?search=0612&page_size=10'],
  ];
  const typical = users[1] as BenchUser;
  const typicalCounts = (
    await pool.query<{ tx: number; contacts: number }>(
      `SELECT (SELECT count(*)::int FROM transactions WHERE sender_user_id = $1 OR recipient_user_id = $1) AS tx,
              (SELECT count(*)::int FROM contacts WHERE owner_user_id = $1) AS contacts`,
      [typical.userId],
    )
  ).rows[0];
  const worstByViewer = new Map<'typical' | 'heaviest', { p99: number; name: string; floor: number }>();
  for (const [viewerName, viewer] of [
    [`a typical customer (${typicalCounts?.tx} transactions, ${typicalCounts?.contacts} contacts)`, typical],
    [`the heaviest customer (${counts?.alice_tx} transactions, ${counts?.alice_contacts} contacts)`, alice],
  ] as const) {
    console.log(`\n${viewerName}: ${CLIENTS} concurrent clients, ${REQUESTS} requests per query after 20 of warm-up`);
    const worst = { p99: 0, name: '', floor: Number.NaN };
    for (const [name, path] of queries) {
      for (let i = 0; i < 20; i++) await client.request('GET', path, { token: viewer.token });
      const latencies: number[] = [];
      let count = 0;
      const cpuBefore = processStats(serverPid).cpuMs;
      const databaseBefore = databaseBackendsCpu(databaseName);
      await mapConcurrent(Array.from({ length: REQUESTS }), CLIENTS, async () => {
        const t0 = performance.now();
        const response = await client.request<{ count: number }>('GET', path, { token: viewer.token });
        latencies.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
        count = response.body.count ?? 0;
      });
      const cpuPerRequest = (processStats(serverPid).cpuMs - cpuBefore) / REQUESTS;
      const databaseCpuPerRequest = databaseCpuSince(databaseName, databaseBefore) / REQUESTS;
      const sorted = latencies.sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      if (path === '/api/health/') worst.floor = p99;
      else if (p99 > worst.p99) [worst.p99, worst.name] = [p99, name];
      console.log(
        `  ${name.padEnd(36)} count ${String(count).padStart(6)}   p50 ${fmt(percentile(sorted, 50), 1).padStart(6)} ms   p99 ${fmt(p99, 1).padStart(6)} ms   server CPU ${fmt(cpuPerRequest, 2).padStart(5)} ms   database CPU ${fmt(databaseCpuPerRequest, 2).padStart(5)} ms`,
      );
    }
    worstByViewer.set(viewer === alice ? 'heaviest' : 'typical', worst);
  }
  for (const who of ['typical', 'heaviest'] as const) {
    const worst = worstByViewer.get(who);
    emitMetric({
      metric: `list endpoints p99, ${who} customer (worst query)`,
      value: `${fmt(worst?.p99 ?? Number.NaN, 1)} ms (${worst?.name}; /api/health/ p99 ${fmt(worst?.floor ?? Number.NaN, 1)} ms)`,
      goal: '< 20 ms',
      met: (worst?.p99 ?? Infinity) < 20,
    });
  }

  // --- plans ----------------------------------------------------------------------------------------------------
  if (process.env.BENCH_PLANS !== '0') {
    const window = { limit: 10, offset: 0 };
    const planned = (userId: string | number): [string, () => Promise<unknown>][] => {
      const viewer = { id: String(userId), agencyId: null };
      return [
        ['transactions, first page', () => listHistory(db, viewer, {}, window)],
        ['transactions, page 100', () => listHistory(db, viewer, {}, { limit: 10, offset: 990 })],
        ['transactions, category=sending', () => listHistory(db, viewer, { category: 'sending' }, window)],
        ['transactions, category=reception', () => listHistory(db, viewer, { category: 'reception' }, window)],
        [
          'transactions, amount +-10 %',
          () => listHistory(db, viewer, { amountGteMinor: 22_500n, amountLteMinor: 27_500n }, window),
        ],
        ['transactions, amount=250.00', () => listHistory(db, viewer, { amountMinor: 25_000n }, window)],
        [
          'transactions, 7-day window',
          () =>
            listHistory(
              db,
              viewer,
              { from: new Date(`${day(30)}T00:00:00Z`), before: new Date(`${day(23)}T00:00:00Z`) },
              window,
            ),
        ],
        ['transactions, user=contact', () => listHistory(db, viewer, { user: String(partner) }, window)],
        ['contacts, first page', () => listOwnContacts(db, String(userId), undefined, window)],
        ['contacts, search "ben"', () => listOwnContacts(db, String(userId), 'ben', window)],
      ];
    };
    // The database's own time, apart from HTTP and the machine's load: each endpoint runs its page and its count
    // (the sum of their Execution Times, though the server runs them at once on two connections). Plans are
    // printed for the heaviest customer; the typical one gets the times.
    const summary: string[] = [];
    for (const [who, userId] of [
      ['heaviest', alice.userId],
      ['typical', typical.userId],
    ] as const) {
      let slowestSql = 0;
      let slowestName = '';
      for (const [name, run] of planned(userId)) {
        captured.length = 0;
        await run();
        const times: number[] = [];
        for (const query of [...captured]) {
          const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [
            ...query.parameters,
          ]);
          if (who === 'heaviest') console.log(`\n--- ${name}: ${query.sql.slice(0, 60).replace(/\s+/g, ' ')}...`);
          for (const row of plan.rows) {
            if (who === 'heaviest') console.log(`  ${row['QUERY PLAN']}`);
            const execution = /Execution Time: ([\d.]+) ms/.exec(row['QUERY PLAN']);
            if (execution) times.push(Number(execution[1]));
          }
        }
        const endpointMs = times.reduce((sum, ms) => sum + ms, 0);
        summary.push(
          `  ${who.padEnd(9)} ${name.padEnd(36)} ${fmt(endpointMs, 2).padStart(7)} ms  (${times.map((ms) => fmt(ms, 2)).join(' + ')})`,
        );
        if (endpointMs > slowestSql) [slowestSql, slowestName] = [endpointMs, name];
      }
      emitMetric({
        metric: `list SQL time, ${who} customer (slowest endpoint)`,
        value: `${fmt(slowestSql, 1)} ms (${slowestName})`,
      });
    }
    console.log(`\nSQL time per endpoint (EXPLAIN ANALYZE, page + count):\n${summary.join('\n')}`);
  }
} finally {
  client.close();
  await db.destroy();
  await server.stop();
  // BENCH_KEEP=1 keeps the database to try indexes by hand (drop it afterwards).
  if (process.env.BENCH_KEEP === '1') console.log(`kept: ${scratch.url}`);
  else await scratch.drop();
}
