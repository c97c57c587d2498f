import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeSchema } from '../../../common/api/exchanges.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { call, movableClock, signIn } from '../../../tests/support/identity.ts';
import { newDraft, type Body, startCardApp } from '../billing/billing.fixtures.ts';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp({ env: { TOPUP_MAX_EUR: '2000' }, clock })));
afterAll(() => t.close());

/** The expected figures from the rate and fee the answer says it used, in integer arithmetic. */
function expectPriced(body: Body, fromCents: bigint) {
  const [rw = '', rf = ''] = String(body.rate).split('.');
  const rateUnits = BigInt(rw + rf);
  const rateScale = 10n ** BigInt(rf.length);
  const dirhams = (2n * fromCents * rateUnits + 100n * rateScale) / (2n * 100n * rateScale);
  const [fw = '', ff = ''] = String(body.fees).split('.');
  const feeScale = 10n ** BigInt(ff.length);
  const fee = (2n * fromCents * BigInt(fw + ff) + feeScale) / (2n * feeScale);
  const fmt = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
  expect(body).toMatchObject({
    from_amount: fmt(fromCents),
    to_amount: `${dirhams}.00`,
    fee_amount: fmt(fee),
    total_amount: fmt(fromCents + fee),
    validated: false,
  });
}

describe('exchanges', () => {
  it('creates the draft from the freemium rate, then updates it; the draft is the single unvalidated exchange', async () => {
    const s = await signIn(t);
    const created = await newDraft(t, s, 100);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(() => exchangeSchema.strict().parse(created.body)).not.toThrow();
    const rates = await call<Body>(t, 'GET', '/api/rates/');
    expect(created.body.rate).toBe(rates.body.freemium);
    expect(created.body.official_rate).toBe(rates.body.official);
    expectPriced(created.body, 10_000n);

    const patched = await call<Body>(t, 'PATCH', `/api/exchanges/${String(created.body.id)}/`, {
      token: s.token,
      body: { from_amount: '250.55' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.id).toBe(created.body.id);
    expectPriced(patched.body, 25_055n);

    // A second POST re-prices the same draft instead of making a second one.
    const again = await newDraft(t, s, '12.34');
    expect(again.body.id).toBe(created.body.id);
    const list = await call<{ count: number; results: Body[] }>(t, 'GET', '/api/exchanges/?validated=false', {
      token: s.token,
    });
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ id: created.body.id, from_amount: '12.34' });
  });

  it('refuses amounts below 1, above the maximum, with 3 decimals, negative, zero or text, with field messages', async () => {
    const s = await signIn(t);
    const cases: [unknown, string][] = [
      ['0.99', 'Ensure this value is greater than or equal to 1.'],
      [2000.01, 'Ensure this value is less than or equal to 2000.00.'],
      ['10.005', 'Ensure that there are no more than 2 decimal places.'],
      [-5, 'Ensure this value is greater than 0.'],
      ['0', 'Ensure this value is greater than 0.'],
      ['abc', 'A valid number is required.'],
      [null, 'Invalid input'],
      ['1e3', 'A valid number is required.'],
    ];
    for (const [amount, message] of cases) {
      const res = await newDraft(t, s, amount);
      expect(res.status, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(res.body), JSON.stringify(res.body)).toEqual(['from_amount']);
      if (amount !== null) expect(res.body.from_amount).toEqual([message]);
    }
    expect((await newDraft(t, s, '1.00')).status).toBe(201);
    // TOPUP_MAX_EUR is one top-up of a level-2 customer (level 1 has 1,000 EUR per rolling 30 days).
    await t.database.db.updateTable('users').set({ kyc_level: 2 }).where('id', '=', String(s.userId)).execute();
    const max = await newDraft(t, s, '2000');
    expect(max.status).toBe(201);
    const patch = await call<Body>(t, 'PATCH', `/api/exchanges/${String(max.body.id)}/`, {
      token: s.token,
      body: { from_amount: '0.5' },
    });
    expect(patch.body).toEqual({ from_amount: ['Ensure this value is greater than or equal to 1.'] });
    const missing = await call<Body>(t, 'POST', '/api/exchanges/', { token: s.token, body: {} });
    expect(missing.status).toBe(400);
  });

  it("hides someone else's draft: 404 on read, update and validate", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const draft = await newDraft(t, owner, 40);
    const id = String(draft.body.id);
    const patch = await call(t, 'PATCH', `/api/exchanges/${id}/`, { token: other.token, body: { from_amount: 41 } });
    expect(patch.status).toBe(404);
    expect((await call(t, 'GET', `/api/exchanges/${id}/validate/`, { token: other.token })).status).toBe(404);
    expect((await call(t, 'POST', `/api/exchanges/${id}/validate/`, { token: other.token })).status).toBe(404);
    const list = await call<{ count: number }>(t, 'GET', '/api/exchanges/?validated=false', { token: other.token });
    expect(list.body.count).toBe(0);
    expect((await call(t, 'GET', '/api/exchanges/')).status).toBe(401);
    expect(
      (await call(t, 'PATCH', '/api/exchanges/abc/', { token: owner.token, body: { from_amount: 5 } })).status,
    ).toBe(400);
    expect((await call(t, 'GET', '/api/exchanges/?validated=maybe', { token: owner.token })).status).toBe(400);
  });

  it('validation locks the rate for 30 minutes and hands out one checkout; a new amount voids it', async () => {
    const s = await signIn(t);
    const draft = await newDraft(t, s, 100);
    const id = String(draft.body.id);
    const first = await call<{ url: string }>(t, 'GET', `/api/exchanges/${id}/validate/`, { token: s.token });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/\/sandbox\/checkout\/ps_[A-Za-z0-9]+$/);
    const again = await call<{ url: string }>(t, 'GET', `/api/exchanges/${id}/validate/`, { token: s.token });
    expect(again.body.url).toBe(first.body.url);

    const list = await call<{ results: Body[] }>(t, 'GET', '/api/exchanges/?validated=false', { token: s.token });
    const lockedUntil = Date.parse(String(list.body.results[0]?.locked_until));
    expect(lockedUntil - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const session = first.body.url.split('/').pop() ?? '';
    const row = await t.database.db
      .selectFrom('payment_sessions')
      .selectAll()
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'exchange',
      status: 'open',
      amount: String(Math.round(Number(draft.body.total_amount) * 100)),
    });

    await call(t, 'PATCH', `/api/exchanges/${id}/`, { token: s.token, body: { from_amount: 120 } });
    const voided = await t.database.db
      .selectFrom('payment_sessions')
      .select('status')
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(voided.status).toBe('superseded');
    const fresh = await call<{ url: string }>(t, 'GET', `/api/exchanges/${id}/validate/`, { token: s.token });
    expect(fresh.body.url).not.toBe(first.body.url);

    // After the lock (and the quote) ran out, validation shows a new quote first, then opens a new checkout at it.
    clock.advance(31 * 60);
    const requoted = await call<Body>(t, 'GET', `/api/exchanges/${id}/validate/`, { token: s.token });
    expect(requoted.status).toBe(409);
    const later = await call<{ url: string }>(t, 'GET', `/api/exchanges/${id}/validate/`, { token: s.token });
    expect(later.status).toBe(200);
    expect(later.body.url).not.toBe(fresh.body.url);
  });

  it('POST validate replays its answer for the same Idempotency-Key and refuses a malformed key', async () => {
    const s = await signIn(t);
    const draft = await newDraft(t, s, 75);
    const id = String(draft.body.id);
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const a = await call<{ url: string }>(t, 'POST', `/api/exchanges/${id}/validate/`, { token: s.token, headers });
    const b = await call<{ url: string }>(t, 'POST', `/api/exchanges/${id}/validate/`, { token: s.token, headers });
    expect(a.status).toBe(200);
    expect(b.body.url).toBe(a.body.url);
    const bad = await call(t, 'POST', `/api/exchanges/${id}/validate/`, {
      token: s.token,
      headers: { 'idempotency-key': 'é' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/rates/', () => {
  it('is public and gives the rates, fee, subscription price and bounds as exact decimals', async () => {
    const res = await call<Body>(t, 'GET', '/api/rates/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscription_price: '4.50', min_amount: '1.00', max_amount: '2000.00' });
    // The bounds of one send or withdrawal (TRANSFER_MIN_MAD / TRANSFER_MAX_MAD) the create screen checks at step 1.
    expect(res.body).toMatchObject({ transfer_min_amount: '1.00', transfer_max_amount: '20000.00' });
    // How long a cash pickup waits, in whole days, for the send's confirmation to say.
    expect(res.body.pickup_valid_days).toBe(Math.floor(t.config.PICKUP_TTL_SECONDS / 86_400));
    for (const field of ['official', 'freemium', 'subscription', 'fee']) expect(res.body[field]).toMatch(/^\d+\.\d+$/);
  });
});
