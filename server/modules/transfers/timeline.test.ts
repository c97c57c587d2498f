import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionSchema } from '../../../common/api/transactions.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { backfillTransactionEvents } from '../../db/migrations/0180_transaction_events.ts';
import { runOnce } from '../anchoring/anchor-worker.ts';
import { operator } from '../ops/ops.fixtures.ts';
import { agency, CODE, create, customer, recipientOf, teller } from './transactions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

interface Step {
  status: string;
  at: string;
  reason?: string;
  tx_id?: string;
}
const detail = (s: SignedIn, id: unknown) =>
  call<{ timeline: Step[]; status: string }>(t, 'GET', `/api/transactions/${String(id)}/`, { token: s.token });
const steps = async (s: SignedIn, id: unknown) => {
  const res = await detail(s, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => transactionSchema.strict().parse(res.body)).not.toThrow();
  return res.body.timeline.map((step) => step.status);
};

describe('GET /api/transactions/{id}/ timeline', () => {
  it('a send to a registered recipient (the one-round-trip path): created, received, then anchored with its tx_id', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const sent = await create(t, alice, { amount: 10, contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await steps(alice, sent.body.id)).toEqual(['created', 'received']);
    await runOnce(t.app.services, { transactionIds: [String(sent.body.id)] });
    const seen = (await detail(alice, sent.body.id)).body;
    expect(seen.timeline.map((s) => s.status)).toEqual(['created', 'received', 'anchored']);
    const anchored = seen.timeline[2];
    expect(anchored?.tx_id).toMatch(/^[0-9a-f]{64}$/);
    // Times are ISO, in order.
    const times = seen.timeline.map((s) => Date.parse(s.at));
    expect(times.every((x, i) => !Number.isNaN(x) && (i === 0 || x >= (times[i - 1] ?? 0)))).toBe(true);
    // The recipient sees the same facts of their own reception.
    expect(await steps(bob, sent.body.id)).toEqual(['created', 'received', 'anchored']);
    // Someone else: 404, no timeline.
    const mallory = await customer(t);
    expect((await detail(mallory, sent.body.id)).status).toBe(404);
  });

  it('an unclaimed transfer: created; claimed at the registration (both sides), or cancelled by its sender', async () => {
    const alice = await customer(t, 100_00n);
    const email = uniqueEmail('later');
    const waiting = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { email }) });
    expect(await steps(alice, waiting.body.id)).toEqual(['created']);
    const bob = await signIn(t, { email });
    expect(await steps(alice, waiting.body.id)).toEqual(['created', 'claimed']);
    expect(await steps(bob, waiting.body.id)).toEqual(['created', 'claimed']);

    const other = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { email: uniqueEmail() }) });
    const cancel = await call(t, 'POST', `/api/transactions/${String(other.body.id)}/cancel/`, { token: alice.token });
    expect(cancel.status).toBe(200);
    expect(await steps(alice, other.body.id)).toEqual(['created', 'cancelled']);
  });

  it('a withdrawal: created, available, paid_out; the teller sees the payout steps', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const res = await create(t, alice, { amount: 20, contact: Number(agencyId) });
    expect(res.status).toBe(201);
    expect(await steps(alice, res.body.id)).toEqual(['created', 'available']);
    const banker = await teller(t, agencyId);
    const paid = await call(t, 'POST', `/api/withdrawals/${String(res.body.token)}/validate/`, {
      token: banker.token,
      body: { id: res.body.id, security_code: CODE },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await steps(alice, res.body.id)).toEqual(['created', 'available', 'paid_out']);
    expect(await steps(banker, res.body.id)).toEqual(['created', 'available', 'paid_out']);
  });

  it("an operator's refund is 'refunded', not 'cancelled'", async () => {
    const alice = await customer(t, 100_00n);
    const sent = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { email: uniqueEmail() }) });
    const op = await operator(t);
    const res = await call(t, 'POST', `/api/ops/transactions/${String(sent.body.id)}/refund/`, {
      token: op.token,
      body: { reason: 'Customer asked', security_code: CODE },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await steps(alice, sent.body.id)).toEqual(['created', 'refunded']);
  });

  it('a hold reason is its sender’s only; a refused send writes no step (same transaction)', async () => {
    const alice = await customer(t, 10_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const before = await t.database.db
      .selectFrom('transaction_events')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const refused = await create(t, alice, { amount: 50, contact });
    expect(refused.status).toBe(400);
    const sent = await create(t, alice, { amount: 5, contact });
    const after = await t.database.db
      .selectFrom('transaction_events')
      .select(sql<string>`count(*)`.as('n'))
      .where('transaction_id', '=', String(sent.body.id))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe('2');
    // No step belongs to a transaction that does not exist (a rolled-back one, notably).
    const orphans = await sql<{ n: string }>`
      SELECT count(*) AS n FROM transaction_events e
       WHERE NOT EXISTS (SELECT 1 FROM transactions x WHERE x.id = e.transaction_id)`.execute(t.database.db);
    expect(orphans.rows[0]?.n).toBe('0');
    expect(Number(before.n)).toBeGreaterThan(0);
    // A hold with its review's code: the sender reads only that it is a compliance review (never which one: telling
    // a customer of a sanctions check is tipping-off), the recipient not the step.
    await t.database.db
      .insertInto('transaction_events')
      .values({ transaction_id: String(sent.body.id), status: 'on_hold', reason: 'sanctions_recipient' })
      .execute();
    const mine = (await detail(alice, sent.body.id)).body.timeline;
    expect(mine.find((s) => s.status === 'on_hold')).toMatchObject({ reason: 'compliance_review' });
    expect(JSON.stringify(mine)).not.toContain('sanctions');
    expect(await steps(bob, sent.body.id)).toEqual(['created', 'received']);
  });

  it('backfills existing transactions from their rows', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const sent = await create(t, alice, { amount: 3, contact: await recipientOf(t, alice, { email: bob.email }) });
    await runOnce(t.app.services, { transactionIds: [String(sent.body.id)] });
    const withdrawal = await create(t, alice, { amount: 4, contact: Number(agencyId) });
    const cancelled = await create(t, alice, { amount: 2, contact: Number(agencyId) });
    await call(t, 'POST', `/api/transactions/${String(cancelled.body.id)}/cancel/`, { token: alice.token });
    const ids = [sent.body.id, withdrawal.body.id, cancelled.body.id].map(String);
    const live = await Promise.all(ids.map((id) => steps(alice, id)));
    await t.database.db.deleteFrom('transaction_events').where('transaction_id', 'in', ids).execute();
    expect(await steps(alice, ids[0])).toEqual([]);
    await backfillTransactionEvents(t.database.db as unknown as Kysely<unknown>);
    expect(await Promise.all(ids.map((id) => steps(alice, id)))).toEqual(live);
    expect(live).toEqual([
      ['created', 'received', 'anchored'],
      ['created', 'available'],
      ['created', 'available', 'cancelled'],
    ]);
  });
});
