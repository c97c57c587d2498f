import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessages, type Limit } from '../../../common/api/limits.ts';
import { userSchema } from '../../../common/api/users.ts';
import { call, signIn, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  completedEvent,
  me,
  newDraft,
  postEvent,
  validated,
  startCardApp,
  type CardSandbox,
} from '../billing/billing.fixtures.ts';
import { agency, balanceOf, create, customer, newKey, recipientOf } from '../transfers/transactions.fixtures.ts';

/**
 * Levels and limits over HTTP with the defaults of docs/configuration.md: level 1 = 20,000 MAD sent, picked up or
 * withdrawn per rolling 30 days, 10,000 MAD per operation, 1,000 EUR of top-ups; level 2 = 100,000 / 20,000 /
 * 10,000 EUR.
 */
let t: TestApp;
let payments: CardSandbox;
beforeAll(async () => ({ t, payments } = await startCardApp()));
afterAll(() => t.close());

async function limits(s: SignedIn): Promise<{ level: number; limits: Limit[] }> {
  const res = await call<{ results: { level: number; limits: Limit[] }[] }>(t, 'GET', '/api/users/', {
    token: s.token,
  });
  expect(res.status).toBe(200);
  const user = res.body.results[0];
  if (!user) throw new Error('no user');
  return user;
}
const outgoing = async (s: SignedIn) => (await limits(s)).limits.find((l) => l.kind === 'outgoing');

async function setLevel(s: SignedIn, level: 1 | 2): Promise<void> {
  await t.database.db.updateTable('users').set({ kyc_level: level }).where('id', '=', String(s.userId)).execute();
}

const cents = (text: unknown) => Math.round(Number(text) * 100);

describe('levels and limits', () => {
  it('GET /api/users/ shows the level and each limit with what is used, what remains and when it frees', async () => {
    const alice = await customer(t, 5_000_00n);
    const res = await call<{ results: unknown[] }>(t, 'GET', '/api/users/', { token: alice.token });
    expect(() => userSchema.strict().parse(res.body.results[0])).not.toThrow();
    expect(await limits(alice)).toMatchObject({
      level: 1,
      limits: [
        {
          kind: 'topup',
          currency: 'EUR',
          limit: '1000.00',
          used: '0.00',
          remaining: '1000.00',
          resets_at: null,
          per_operation: '2000.00',
        },
        {
          kind: 'outgoing',
          currency: 'MAD',
          limit: '20000.00',
          used: '0.00',
          remaining: '20000.00',
          resets_at: null,
          per_operation: '10000.00',
        },
      ],
    });
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    expect((await create(t, alice, { amount: '1234.50', contact })).status).toBe(201);
    const after = await outgoing(alice);
    const today = new Date().toISOString().slice(0, 10);
    expect(after).toMatchObject({ used: '1234.50', remaining: '18765.50' });
    expect(after?.resets_at).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString());
    await setLevel(alice, 2);
    expect(await outgoing(alice)).toMatchObject({ limit: '100000.00', used: '1234.50', per_operation: '20000.00' });
  });

  it('refuses one operation over the level bound with 400 on amount, the remaining amount in the message', async () => {
    const alice = await customer(t, 30_000_00n);
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    const res = await create(t, alice, { amount: '10000.01', contact });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: [limitMessages.refused('10000.00', 'MAD')] });
    expect(await balanceOf(t, alice)).toBe('30000.00');
    expect((await create(t, alice, { amount: '10000.00', contact })).status).toBe(201);
    await setLevel(alice, 2);
    expect((await create(t, alice, { amount: '15000.00', contact })).status).toBe(201);
  });

  it('50 parallel sends against the rolling limit: exactly what fits passes, never more', async () => {
    const alice = await customer(t, 60_000_00n);
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create(t, alice, { amount: '1000.00', contact }, newKey())),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body).toEqual({ amount: [limitMessages.refused('0.00', 'MAD')] });
    expect(await balanceOf(t, alice)).toBe('40000.00');
    expect(await outgoing(alice)).toMatchObject({ used: '20000.00', remaining: '0.00' });
  });

  it('a refused send leaves its Idempotency-Key free, and a replay of an earlier success is still answered', async () => {
    const alice = await customer(t, 30_000_00n);
    const contact = await recipientOf(t, alice, { email: (await customer(t)).email });
    const first = newKey();
    expect((await create(t, alice, { amount: '10000.00', contact }, first)).status).toBe(201);
    expect((await create(t, alice, { amount: '10000.00', contact }, newKey())).status).toBe(201);
    const replay = await create(t, alice, { amount: '10000.00', contact }, first);
    expect(replay.status).toBe(201);
    const key = newKey();
    expect((await create(t, alice, { amount: '5.00', contact }, key)).status).toBe(400);
    await setLevel(alice, 2);
    expect((await create(t, alice, { amount: '5.00', contact }, key)).status).toBe(201);
  });

  it('withdrawals, cash pickups and sends to someone without an account count together; money back frees it', async () => {
    const alice = await customer(t, 30_000_00n);
    const agencyId = Number(await agency(t));
    const withdrawal = await create(t, alice, { amount: '9000.00', contact: agencyId });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const stranger = await recipientOf(t, alice, { first_name: 'Sam', phone_number: '+212612345678' });
    const pickup = await create(t, alice, { amount: '6000.00', contact: stranger, delivery: 'cash_pickup' });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(201);
    const unclaimed = await recipientOf(t, alice, { email: uniqueEmail('nobody') });
    expect((await create(t, alice, { amount: '4000.00', contact: unclaimed })).status).toBe(201);
    expect(await outgoing(alice)).toMatchObject({ used: '19000.00', remaining: '1000.00' });
    const over = await create(t, alice, { amount: '1000.01', contact: agencyId });
    expect(over.body).toEqual({ amount: [limitMessages.refused('1000.00', 'MAD')] });
    const cancel = await call(t, 'POST', `/api/transactions/${String(withdrawal.body.id)}/cancel/`, {
      token: alice.token,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await outgoing(alice)).toMatchObject({ used: '10000.00', remaining: '10000.00' });
  });

  it('money back is released from the day it was counted on, when the app’s clock is already past midnight UTC', async () => {
    // The app's clock a minute into the next UTC day, the database's still in this one: a movement made across
    // midnight, as a host whose clock is ahead by a few seconds makes one every night.
    const now = Date.now();
    const ahead =
      Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1, 0, 1) - now;
    const skewed = await startTestApp({
      env: testEnv,
      deps: { payments, clock: { now: () => new Date(Date.now() + ahead) } },
    });
    try {
      const alice = await customer(skewed, 10_000_00n);
      const withdrawal = await create(skewed, alice, { amount: '900.00', contact: Number(await agency(skewed)) });
      expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
      const cancel = await call(skewed, 'POST', `/api/transactions/${String(withdrawal.body.id)}/cancel/`, {
        token: alice.token,
      });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      const counted = await t.database.db
        .selectFrom('limit_usage')
        .select(['day', 'amount'])
        .where('user_id', '=', String(alice.userId))
        .where('kind', '=', 'outgoing')
        .execute();
      expect(counted.map((r) => String(r.amount))).toEqual(['0']);
    } finally {
      await skewed.close();
    }
  });

  it('a top-up over the limit is refused before any checkout opens (so before the card is charged)', async () => {
    const s = await signIn(t);
    const res = await newDraft(t, s, '1000.01');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ from_amount: [limitMessages.refused('1000.00', 'EUR')] });
    const { exchange, session } = await validated(t, s, '600.00');
    expect((await postEvent(t, completedEvent(session, cents(exchange.total_amount)))).body.outcome).toBe('credited');
    expect((await limits(s)).limits[0]).toMatchObject({ kind: 'topup', used: '600.00', remaining: '400.00' });
    // A draft made within the limit, then the limit used elsewhere: validation refuses to open the checkout.
    const draft = await newDraft(t, s, '400.00');
    expect(draft.status).toBe(201);
    await t.database.db
      .updateTable('limit_usage')
      .set({ amount: '70000' })
      .where('user_id', '=', String(s.userId))
      .where('kind', '=', 'topup')
      .execute();
    const refused = await call(t, 'GET', `/api/exchanges/${String(draft.body.id)}/validate/`, { token: s.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ from_amount: [limitMessages.refused('300.00', 'EUR')] });
  });

  it('a payment that no longer fits when its webhook arrives is refunded, not credited', async () => {
    // A checkout opened while it still fitted (the limit lowered since, or another top-up credited): refunded.
    const s2 = await signIn(t);
    const open = await validated(t, s2, '800.00');
    await t.database.db
      .insertInto('limit_usage')
      .values({
        user_id: String(s2.userId),
        kind: 'topup',
        day: new Date().toISOString().slice(0, 10),
        amount: '50000',
      })
      .execute();
    const res = await postEvent(t, completedEvent(open.session, cents(open.exchange.total_amount)));
    expect(res.body.outcome).toBe('limit_exceeded');
    expect(payments.refunds.some((r) => r.paymentId === `pi_test_${open.session.slice(3)}`)).toBe(true);
    expect((await me(t, s2)).balance).toBe('0.00');
  });
});
