import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRates, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { hashRequest } from '../../ledger/idempotency.ts';
import { securityCodeMac } from '../users/security-code-hash.ts';
import { agency, CODE, create, customer, newKey, recipientOf, type Customer } from './transactions.fixtures.ts';

/**
 * What one send costs the database inside wallet_send()'s transaction (ADR 010 "A send's own database
 * cost", migrations 0440-0442): the mechanisms, counted in the send's own transaction with PostgreSQL's
 * per-transaction statistics, and every row the send must still write.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

interface Counted {
  result: { outcome: string; id?: number };
  tables: Record<string, { ins: number; upd: number }>;
  functions: Record<string, number>;
}

/** wallet_send() as the service calls it (its scope and request hash), in a transaction that then reads its own statistics and commits. */
async function sendCounted(alice: Customer, contact: number, key: string): Promise<Counted> {
  const user = await sql<{
    salt: Buffer;
  }>`SELECT security_code_salt AS salt FROM users WHERE id = ${alice.userId}`.execute(t.database.db);
  const salt = user.rows[0]?.salt ?? null;
  if (!salt) throw new Error('no salt');
  const mac = securityCodeMac(t.config.SECURITY_CODE_PEPPER, CODE, salt);
  // As the owner: track_functions is for superusers to set, and the app's role is not one (ADR 003). On a
  // connection whose earlier calls' statistics are flushed first (they are kept pending for up to a second, and
  // pg_stat_xact_* would count them in: this small pool hands the same connection to consecutive tests).
  return t.owner.db.connection().execute(async (connection) => {
    await sql`SELECT pg_stat_force_next_flush()`.execute(connection);
    return connection.transaction().execute(async (tx) => {
      await sql`SET LOCAL track_functions = 'pl'`.execute(tx);
      const sent = await sql<{ result: Counted['result'] }>`SELECT wallet_send(${alice.userId}::bigint,
      ${contact}::bigint, 500::bigint, ${salt}::bytea, ${mac}::bytea, ${`transactions:user:${alice.userId}`}, ${key},
      ${hashRequest({ amount: 500n, contact: String(contact) })}, now(), 5, 900) AS result`.execute(tx);
      const tables = await sql<{ relname: string; ins: number; upd: number }>`
      SELECT relname, n_tup_ins::int AS ins, n_tup_upd::int AS upd FROM pg_stat_xact_user_tables
       WHERE n_tup_ins + n_tup_upd > 0`.execute(tx);
      const functions = await sql<{ funcname: string; calls: number }>`
      SELECT funcname, calls::int AS calls FROM pg_stat_xact_user_functions`.execute(tx);
      return {
        result: sent.rows[0]?.result ?? { outcome: 'none' },
        tables: Object.fromEntries(tables.rows.map((r) => [r.relname, { ins: r.ins, upd: r.upd }])),
        functions: Object.fromEntries(functions.rows.map((r) => [r.funcname, r.calls])),
      };
    });
  });
}

describe("a send's own database cost (migrations 0440-0442)", () => {
  it('writes the idempotency key once, with its response, and replays it', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const key = newKey();
    const counted = await sendCounted(alice, contact, key);
    expect(counted.result.outcome).toBe('sent');
    // 0440: one heap version of the key (before: inserted, then updated with the response).
    expect(counted.tables.idempotency_keys).toEqual({ ins: 1, upd: 0 });
    const stored = await sql<{ status: number; body: unknown }>`
      SELECT response_status AS status, response_body AS body FROM idempotency_keys
       WHERE scope = ${`transactions:user:${alice.userId}`} AND key = ${key}`.execute(t.database.db);
    expect(stored.rows).toEqual([{ status: 201, body: { id: counted.result.id, present: true } }]);
    // The same key through the API: the stored response, nothing sent again.
    const replay = await create(t, alice, { amount: 5, contact }, key);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(counted.result.id);
    const sent = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM transactions WHERE sender_user_id = ${alice.userId}`.execute(t.database.db);
    expect(sent.rows[0]?.n).toBe(1);
  });

  it('concurrent retries of one key: one transfer, every answer the same 201', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(t, alice, { amount: 7, contact }, key)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const sent = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM transactions WHERE sender_user_id = ${alice.userId}`.execute(t.database.db);
    expect(sent.rows[0]?.n).toBe(1);
  });

  it('one PL/pgSQL trigger call for the INSERT, one for the notified step, and every row the send writes', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    // bob has a push subscription: his notification gets an e-mail/SMS row and a push row.
    await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${bob.userId}, ${`https://push.example/${newKey()}`}, 'k', 'a')`.execute(t.database.db);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const counted = await sendCounted(alice, contact, newKey());
    expect(counted.result.outcome).toBe('sent');
    const id = counted.result.id;
    // 0442: the three INSERT triggers are one function; the 'created' step does not call the notify trigger; the
    // notification is written inline, not by a call of notify_user(). (Before: transaction_events_on_insert,
    // monitoring_enqueue, queue_receipt_mail, notify_transaction_step twice, notify_user.)
    expect(counted.functions).toMatchObject({ transactions_on_insert: 1, notify_transaction_step: 1 });
    for (const gone of ['transaction_events_on_insert', 'monitoring_enqueue', 'queue_receipt_mail', 'notify_user'])
      expect(counted.functions[gone]).toBeUndefined();

    // Every row is still written, in the send's transaction.
    const rows = await sql<{
      events: string[];
      kinds: string[];
      deliveries: number;
      pushes: number;
      receipts: number;
      queued: number;
      outbox: number;
    }>`
      SELECT (SELECT array_agg(status ORDER BY id) FROM transaction_events WHERE transaction_id = ${id}) AS events,
             (SELECT array_agg(kind || ':' || user_id) FROM notifications WHERE transaction_id = ${id}) AS kinds,
             (SELECT count(*)::int FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
               WHERE n.transaction_id = ${id} AND d.push_subscription_id IS NULL) AS deliveries,
             (SELECT count(*)::int FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
               WHERE n.transaction_id = ${id} AND d.push_subscription_id IS NOT NULL) AS pushes,
             (SELECT count(*)::int FROM receipt_mails WHERE transaction_id = ${id} AND user_id = ${alice.userId}) AS receipts,
             (SELECT count(*)::int FROM monitoring_queue WHERE transaction_id = ${id}) AS queued,
             (SELECT count(*)::int FROM chain_outbox WHERE transaction_id = ${id}) AS outbox`.execute(t.database.db);
    expect(rows.rows[0]).toEqual({
      events: ['created', 'received'],
      kinds: [`money_received:${bob.userId}`],
      deliveries: 1,
      pushes: 1,
      receipts: 1,
      queued: 1,
      outbox: 1,
    });
  });

  it('push turned off: the notification and its e-mail/SMS row, no push row (notify_user() too)', async () => {
    const bob = await customer(t);
    await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${bob.userId}, ${`https://push.example/${newKey()}`}, 'k', 'a')`.execute(t.database.db);
    await sql`INSERT INTO notification_preferences (user_id, push) VALUES (${bob.userId}, false)`.execute(
      t.database.db,
    );
    const alice = await customer(t, 100_00n);
    const sent = await create(t, alice, { amount: 3, contact: await recipientOf(t, alice, { email: bob.email }) });
    expect(sent.status).toBe(201);
    const direct = await sql<{
      id: string;
    }>`SELECT notify_user(${bob.userId}::bigint, 'rate_alert', NULL, NULL, true)::text AS id`.execute(t.database.db);
    const quiet = await sql<{
      id: string;
    }>`SELECT notify_user(${bob.userId}::bigint, 'rate_alert', NULL, NULL, false)::text AS id`.execute(t.database.db);
    const deliveries = await sql<{ kind: string; push: boolean }>`
      SELECT n.kind, d.push_subscription_id IS NOT NULL AS push FROM notifications n
        JOIN notification_deliveries d ON d.notification_id = n.id
       WHERE n.user_id = ${bob.userId} ORDER BY d.id`.execute(t.database.db);
    expect(deliveries.rows).toEqual([
      { kind: 'money_received', push: false },
      { kind: 'rate_alert', push: false },
    ]);
    expect(direct.rows[0]?.id).toMatch(/^\d+$/);
    const params = await sql<{
      params: unknown;
    }>`SELECT params FROM notifications WHERE id = ${quiet.rows[0]?.id}::bigint`.execute(t.database.db);
    expect(params.rows).toEqual([{ params: {} }]);
  });

  it('token_hash and identifier: unique where set, no index entry for the NULL of every other row', async () => {
    const partial = await sql<{ name: string; predicate: string | null; unique: boolean }>`
      SELECT c.relname AS name, pg_get_expr(i.indpred, i.indrelid) AS predicate, i.indisunique AS unique
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname IN ('transactions_token_hash_key', 'transactions_identifier_key') ORDER BY 1`.execute(
      t.database.db,
    );
    expect(partial.rows).toEqual([
      { name: 'transactions_identifier_key', predicate: '(identifier IS NOT NULL)', unique: true },
      { name: 'transactions_token_hash_key', predicate: '(token_hash IS NOT NULL)', unique: true },
    ]);
    // Still unique: another row given a withdrawal's token or code is refused, by the same index names.
    const alice = await customer(t, 100_00n);
    const withdrawal = await create(t, alice, { amount: 10, contact: Number(await agency(t)) });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const bob = await customer(t);
    const transfer = await create(t, alice, { amount: 1, contact: await recipientOf(t, alice, { email: bob.email }) });
    expect(transfer.status).toBe(201);
    const take = (column: 'token_hash' | 'identifier') =>
      sql`UPDATE transactions SET ${sql.ref(column)} = (SELECT ${sql.ref(column)} FROM transactions
           WHERE id = ${withdrawal.body.id}::bigint) WHERE id = ${transfer.body.id}::bigint`
        .execute(t.database.db)
        .then(
          () => 'updated',
          (error: { code?: string; constraint?: string }) => `${error.code ?? ''} ${error.constraint ?? ''}`,
        );
    expect(await take('token_hash')).toBe('23505 transactions_token_hash_key');
    expect(await take('identifier')).toBe('23505 transactions_identifier_key');
    // The lookups by token and by code (generic plans, as the API's prepared statements run them) use the indexes.
    const plans = await t.database.db.connection().execute(async (c) => {
      await sql`SET plan_cache_mode = force_generic_plan`.execute(c);
      await sql`PREPARE h1_by_token(bytea) AS SELECT id FROM transactions WHERE token_hash = $1`.execute(c);
      await sql`PREPARE h1_by_code(text) AS SELECT id FROM transactions WHERE identifier = $1`.execute(c);
      const token = await sql<{ 'QUERY PLAN': string }>`EXPLAIN EXECUTE h1_by_token('\\x00')`.execute(c);
      const code = await sql<{ 'QUERY PLAN': string }>`EXPLAIN EXECUTE h1_by_code('x')`.execute(c);
      await sql`DEALLOCATE h1_by_token`.execute(c);
      await sql`DEALLOCATE h1_by_code`.execute(c);
      await sql`RESET plan_cache_mode`.execute(c);
      return [token.rows, code.rows].map((rows) => rows.map((r) => r['QUERY PLAN']).join('\n'));
    });
    expect(plans[0]).toContain('transactions_token_hash_key');
    expect(plans[1]).toContain('transactions_identifier_key');
  });
});
