import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, ensureRates, movableClock, signIn, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { completedEvent, eventId, me, postEvent, sandboxFor, type Body } from './billing.fixtures.ts';
import { runPaymentActions } from './payment-actions.worker.ts';

/**
 * One plan per customer, the grace window, renewal amounts and refunds through the outbox, over HTTP with signed
 * provider events, against the sandbox provider.
 */
const clock = movableClock();
const sandbox = sandboxFor();
let refundsFail = false;
const payments = {
  ...sandbox,
  async refund(paymentId: string, key: string) {
    if (refundsFail) throw new Error('provider unavailable');
    return sandbox.refund(paymentId, key);
  },
};
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, SESSION_TTL_SECONDS: String(300 * 86_400), SUBSCRIPTION_GRACE_SECONDS: String(3 * 86_400) },
    deps: { payments, clock },
  });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

/** Signed now by the app's clock, which these tests move by months. */
const send = (event: unknown) => postEvent(t, event, { signedAt: clock.now() });

let n = 0;
const unique = (prefix: string) => `${prefix}_test_${Date.now()}_${++n}`;

async function openCheckout(s: SignedIn): Promise<string> {
  const res = await call<{ url: string }>(t, 'GET', '/api/billing/create_subscription/', { token: s.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url.split('/').pop() ?? '';
}

/** The provider's "checkout completed" for a plan, with its own subscription and payment ids. */
async function subscribeEvent(session: string, amount = 450) {
  const sub = unique('sub');
  const event = completedEvent(session, amount, { mode: 'subscription', subscription: sub });
  const pi = unique('pi');
  event.data.object.payment_intent = pi;
  const res = await send({ ...event, created: Math.floor(clock.now().getTime() / 1000) });
  return { sub, pi, res, eventId: event.id };
}

function invoiceEvent(sub: string, options: { amount: number; currency?: string; type?: string; end?: Date }) {
  const end = options.end ?? new Date(clock.now().getTime() + 31 * 86_400_000);
  return {
    id: eventId(),
    object: 'event',
    type: options.type ?? 'invoice.paid',
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      object: {
        id: unique('in'),
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: options.amount,
        currency: options.currency ?? 'eur',
        payment_intent: unique('pi'),
        subscription: sub,
        lines: { data: [{ period: { end: Math.floor(end.getTime() / 1000) } }] },
      },
    },
  };
}

const subscriptionRow = (s: SignedIn) =>
  t.database.db
    .selectFrom('subscriptions')
    .select(['provider_subscription_id', 'status', 'current_period_end'])
    .where('user_id', '=', String(s.userId))
    .executeTakeFirstOrThrow();

const entriesOf = (sub: string) =>
  t.database.db
    .selectFrom('subscription_payments as p')
    .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
    .select('p.amount')
    .where('s.provider_subscription_id', '=', sub)
    .execute();

describe('one subscription per customer', () => {
  it('a second activation (two checkouts paid) is refunded and cancelled at the provider; in-app cancel reaches the kept one', async () => {
    const s = await signIn(t);
    const first = await openCheckout(s);
    const second = await openCheckout(s);
    const a = await subscribeEvent(first);
    expect(a.res.body.outcome).toBe('subscribed');
    const b = await subscribeEvent(second);
    expect(b.res).toEqual({ status: 200, body: { received: true, outcome: 'duplicate_subscription' } });
    expect(sandbox.cancellations).toContain(b.sub);
    expect(sandbox.cancellations).not.toContain(a.sub);
    expect(sandbox.refunds).toContainEqual({ paymentId: b.pi, idempotencyKey: `refund-${second}` });
    expect((await subscriptionRow(s)).provider_subscription_id).toBe(a.sub);
    expect(await entriesOf(a.sub)).toEqual([{ amount: '450' }]);
    const session = await call<Body>(t, 'GET', `/api/billing/sessions/${second}/`, { token: s.token });
    expect(session.body).toMatchObject({ status: 'refunded', outcome: 'duplicate_subscription' });
  });

  it('a renewal of an unknown or superseded subscription cancels it (and refunds it) instead of failing', async () => {
    const orphan = unique('sub');
    const paid = invoiceEvent(orphan, { amount: 450 });
    const res = await send(paid);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'unknown_subscription_canceled' } });
    expect(sandbox.cancellations).toContain(orphan);
    expect(sandbox.refunds.map((r) => r.paymentId)).toContain(paid.data.object.payment_intent);
    const failed = await send(invoiceEvent(unique('sub'), { amount: 0, type: 'invoice.payment_failed' }));
    expect(failed.body.outcome).toBe('unknown_subscription_canceled');
  });

  it('an amount mismatch in subscription mode is refunded and the subscription cancelled', async () => {
    const s = await signIn(t);
    const { sub, pi, res } = await subscribeEvent(await openCheckout(s), 100);
    expect(res.body.outcome).toBe('amount_mismatch');
    expect(sandbox.cancellations).toContain(sub);
    expect(sandbox.refunds.map((r) => r.paymentId)).toContain(pi);
    expect((await me(t, s)).subscription).toBe(false);
  });

  it('a plan that lapsed past its grace is replaced by a new one, and the old one is cancelled at the provider', async () => {
    const s = await signIn(t);
    const old = await subscribeEvent(await openCheckout(s));
    clock.advance(35 * 86_400);
    const fresh = await subscribeEvent(await openCheckout(s));
    expect(fresh.res.body.outcome).toBe('subscribed');
    expect(sandbox.cancellations).toContain(old.sub);
    expect((await subscriptionRow(s)).provider_subscription_id).toBe(fresh.sub);
  });
});

describe('grace window and renewal amounts', () => {
  it('period end + 1 minute with no renewal: still the subscription rate, and no new subscription', async () => {
    const s = await signIn(t);
    await subscribeEvent(await openCheckout(s));
    const row = await subscriptionRow(s);
    clock.advance((row.current_period_end.getTime() - clock.now().getTime()) / 1000 + 60);
    const user = await me(t, s);
    expect(user).toMatchObject({ subscription: true, rate_delta: user.rate_subscription });
    const draft = await call<Body>(t, 'POST', '/api/exchanges/', { token: s.token, body: { from_amount: 100 } });
    expect(draft.body.rate).toBe(user.rate_subscription);
    const again = await call<Body>(t, 'GET', '/api/billing/create_subscription/', { token: s.token });
    expect(again.status).toBe(400);
    clock.advance(3 * 86_400);
    expect((await me(t, s)).subscription).toBe(false);
  });

  it('a zero-amount renewal extends the period without a posting; another amount or currency is refunded, never a 500', async () => {
    const s = await signIn(t);
    const { sub } = await subscribeEvent(await openCheckout(s));
    const before = (await subscriptionRow(s)).current_period_end;
    const end = new Date(before.getTime() + 30 * 86_400_000);
    const credit = await send(invoiceEvent(sub, { amount: 0, end }));
    expect(credit).toEqual({ status: 200, body: { received: true, outcome: 'renewed_from_credit' } });
    expect((await subscriptionRow(s)).current_period_end.getTime()).toBe(Math.floor(end.getTime() / 1000) * 1000);
    expect(await entriesOf(sub)).toHaveLength(1);

    for (const odd of [invoiceEvent(sub, { amount: 500 }), invoiceEvent(sub, { amount: 450, currency: 'usd' })]) {
      const res = await send(odd);
      expect(res).toEqual({ status: 200, body: { received: true, outcome: 'renewal_amount_mismatch_refunded' } });
      expect(sandbox.refunds.map((r) => r.paymentId)).toContain(odd.data.object.payment_intent);
    }
    expect(await entriesOf(sub)).toHaveLength(1);
    const paid = await send(invoiceEvent(sub, { amount: 450, end: new Date(end.getTime() + 86_400_000) }));
    expect(paid.body.outcome).toBe('renewed');
    expect(await entriesOf(sub)).toHaveLength(2);
  });
});

describe('refunds through the outbox', () => {
  it('a refund the provider fails is recorded with the event, answered 200, and performed later with the same key', async () => {
    const s = await signIn(t);
    refundsFail = true;
    const session = await openCheckout(s);
    const { pi, res, eventId: decidedBy } = await subscribeEvent(session, 1);
    refundsFail = false;
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'amount_mismatch' } });
    expect(sandbox.refunds.map((r) => r.paymentId)).not.toContain(pi);
    const action = () =>
      t.database.db
        .selectFrom('payment_actions')
        .select(['done_at', 'last_error', 'idempotency_key', 'reason'])
        .where('target', '=', pi)
        .executeTakeFirstOrThrow();
    expect(await action()).toMatchObject({
      done_at: null,
      last_error: 'provider unavailable',
      idempotency_key: `refund-${session}`,
      reason: 'amount_mismatch',
    });
    await t.database.db
      .updateTable('payment_actions')
      .set({ next_attempt_at: new Date(0) })
      .where('target', '=', pi)
      .execute();
    await runPaymentActions({ db: t.database.db, config: t.config, payments }, { eventId: decidedBy });
    expect(sandbox.refunds).toContainEqual({ paymentId: pi, idempotencyKey: `refund-${session}` });
    expect((await action()).done_at).not.toBeNull();
  });
});

describe('a refund the provider refuses every time', () => {
  it('becomes a dead letter after CHAIN_MAX_ATTEMPTS, logged once, and is no longer retried', async () => {
    const s = await signIn(t);
    refundsFail = true;
    try {
      const session = await openCheckout(s);
      const { pi, eventId: decidedBy } = await subscribeEvent(session, 1);
      const config = { ...t.config, CHAIN_MAX_ATTEMPTS: 3 };
      const errors: object[] = [];
      const log = { info: () => undefined, warn: () => undefined, error: (details: object) => errors.push(details) };
      const makeDue = () =>
        t.database.db.updateTable('payment_actions').set({ next_attempt_at: new Date(0) }).where('target', '=', pi).execute();
      // The webhook's own attempt was the first; two more reach the maximum.
      for (let i = 0; i < 2; i++) {
        await makeDue();
        await runPaymentActions({ db: t.database.db, config, payments }, { eventId: decidedBy }, log);
      }
      await makeDue();
      expect(await runPaymentActions({ db: t.database.db, config, payments }, { eventId: decidedBy }, log)).toEqual({
        done: 0,
        failed: 0,
        dead: 0,
      });
      const row = await t.database.db
        .selectFrom('payment_actions')
        .select(['attempts', 'dead_at', 'done_at', 'last_error'])
        .where('target', '=', pi)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: 3, done_at: null, last_error: 'provider unavailable' });
      expect(row.dead_at).not.toBeNull();
      expect(errors).toEqual([expect.objectContaining({ kind: 'refund', target: pi, attempts: 3 })]);
    } finally {
      refundsFail = false;
    }
  });
});
