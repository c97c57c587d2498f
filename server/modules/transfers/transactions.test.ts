import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionMessages, transactionSchema } from '../../../common/api/transactions.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { expectNewestSubject, outbox } from './methods/cash-pickup/pickups.fixtures.ts';
import { agency, balanceOf, create, customer, newKey, recipientOf, teller } from './transactions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/transactions/ (send)', () => {
  it('moves the money to a registered recipient: sending for one, reception for the other, notified', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const res = await create(t, alice, { amount: '40.50', contact });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(() => transactionSchema.strict().parse(res.body)).not.toThrow();
    expect(res.body).toMatchObject({
      amount: '40.50',
      category: 'sending',
      status: 'completed',
      validated: true,
      contact,
      token: null,
    });
    expect(await balanceOf(t, alice)).toBe('59.50');
    expect(await balanceOf(t, bob)).toBe('40.50');
    const seen = await call<{ results: Record<string, unknown>[] }>(t, 'GET', '/api/transactions/', {
      token: bob.token,
    });
    expect(seen.body.results[0]).toMatchObject({
      id: res.body.id,
      category: 'reception',
      contact: null,
      sender: alice.userId,
    });
    // The mail leaves after the answer (ADR 010): it arrives, shortly.
    await expectNewestSubject(t, bob.email, 'Sila: You received money');
  });

  it('refuses bad amounts with field messages, and the per-transfer bounds', async () => {
    const alice = await customer(t, 30_000_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail() });
    for (const amount of [0, '0', -5, 'abc', null, '1.001', 1.001]) {
      const res = await create(t, alice, { amount, contact });
      expect(res.status, String(amount)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['amount']);
    }
    expect((await create(t, alice, { amount: 0.5, contact })).body).toEqual({
      amount: [transactionMessages.belowMinimum('1.00')],
    });
    expect((await create(t, alice, { amount: 20_000.01, contact })).body).toEqual({
      amount: [transactionMessages.aboveMaximum('20000.00')],
    });
    // TRANSFER_MAX_MAD is the bound of a level-2 customer (level 1 stops at 10,000 MAD per operation).
    await t.database.db.updateTable('users').set({ kyc_level: 2 }).where('id', '=', String(alice.userId)).execute();
    expect((await create(t, alice, { amount: 20_000, contact })).status).toBe(201);
    expect(await balanceOf(t, alice)).toBe('10000.00');
  });

  it('says Not enough funds above the balance, and moves nothing', async () => {
    const alice = await customer(t, 10_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail() });
    const res = await create(t, alice, { amount: '10.01', contact });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: [transactionMessages.notEnoughFunds] });
    expect(await balanceOf(t, alice)).toBe('10.00');
  });

  it('checks the contact: unknown, someone else’s, yourself', async () => {
    const alice = await customer(t, 10_00n);
    const mallory = await customer(t);
    const theirs = await recipientOf(t, mallory, { email: uniqueEmail() });
    for (const contact of [999_999_999, theirs]) {
      const res = await create(t, alice, { amount: 1, contact });
      expect(res.body).toEqual({ contact: [transactionMessages.contactNotFound] });
    }
    const bad = await create(t, alice, { amount: 1, contact: 'x' });
    expect(bad.status).toBe(400);
  });

  it('checks the security code: not set, wrong, malformed, locked after 5', async () => {
    const fresh = await signIn(t);
    const alice = await customer(t, 10_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail() });
    const freshContact = await recipientOf(t, fresh, { email: uniqueEmail() });
    expect((await create(t, fresh, { amount: 1, contact: freshContact })).body).toEqual({
      security_code: [securityCodeErrors.notSet],
    });
    expect((await create(t, alice, { amount: 1, contact, security_code: '12' })).body).toEqual({
      security_code: [securityCodeErrors.invalid],
    });
    for (let i = 0; i < 4; i += 1) {
      const wrong = await create(t, alice, { amount: 1, contact, security_code: '000000' });
      expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 - i });
    }
    const locked = await create(t, alice, { amount: 1, contact, security_code: '000000' });
    expect(locked.status).toBe(429);
    expect((await create(t, alice, { amount: 1, contact })).status).toBe(429);
    expect(await balanceOf(t, alice)).toBe('10.00');
  });

  it('refuses a banker, and anyone signed out', async () => {
    const banker = await teller(t, await agency(t));
    expect((await create(t, banker, { amount: 1, contact: 1 })).status).toBe(403);
    expect((await call(t, 'POST', '/api/transactions/', { body: { amount: 1 } })).status).toBe(401);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail() });
    const key = newKey();
    const first = await create(t, alice, { amount: 5, contact }, key);
    const again = await create(t, alice, { amount: '5.00', contact }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t, alice)).toBe('95.00');
    expect((await create(t, alice, { amount: 6, contact }, key)).status).toBe(409);
    expect((await create(t, alice, { amount: 6, contact }, 'bad key with spaces')).status).toBe(400);
  });

  it('never overdraws under parallel sends: exactly balance / amount succeed', async () => {
    const alice = await customer(t, 50_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail() });
    const results = await Promise.all(Array.from({ length: 12 }, () => create(t, alice, { amount: 10, contact })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body).toEqual({ amount: [transactionMessages.notEnoughFunds] });
    expect(await balanceOf(t, alice)).toBe('0.00');
  });
});

describe('unclaimed transfers', () => {
  it('waits for the recipient, then credits them when they register, with a notification', async () => {
    const alice = await customer(t, 100_00n);
    const email = uniqueEmail('later');
    const contact = await recipientOf(t, alice, { email });
    const sent = await create(t, alice, { amount: 25, contact });
    const sentId = String(sent.body.id);
    expect(sent.body).toMatchObject({ status: 'unclaimed', validated: false, recipient: null });
    expect(sent.body.expires_at).toEqual(expect.any(String));
    const bob = await signIn(t, { email });
    expect(await balanceOf(t, bob)).toBe('25.00');
    const seen = await call<{ results: Record<string, unknown>[] }>(t, 'GET', '/api/transactions/', {
      token: bob.token,
    });
    expect(seen.body.results[0]).toMatchObject({ id: sent.body.id, category: 'reception', status: 'claimed' });
    // The mail leaves after the answer (ADR 010): it arrives, shortly.
    await expect
      .poll(async () => (await outbox(t, email, 0)).map((m) => m.subject), { timeout: 5000, interval: 50 })
      .toContain('Sila: You received money');
    // Claimed: the sender can no longer take it back.
    const cancel = await call(t, 'POST', `/api/transactions/${sentId}/cancel/`, { token: alice.token });
    expect(cancel.body).toEqual({ detail: transactionMessages.notCancellable });
  });

  it('past its expiry, it is not credited to a new sign-up before the sweep runs', async () => {
    const alice = await customer(t, 100_00n);
    const email = uniqueEmail('late');
    const contact = await recipientOf(t, alice, { email });
    const sent = await create(t, alice, { amount: 25, contact });
    await t.database.db
      .updateTable('transactions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', String(sent.body.id))
      .execute();
    const bob = await signIn(t, { email });
    expect(await balanceOf(t, bob)).toBe('0.00');
    // The sender's cancel (or the sweep) returns it, as expired.
    const back = await call(t, 'POST', `/api/transactions/${String(sent.body.id)}/cancel/`, { token: alice.token });
    expect(back.body).toMatchObject({ status: 'expired' });
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  it('can be cancelled by its sender only, once: the money comes back', async () => {
    const alice = await customer(t, 100_00n);
    const mallory = await customer(t);
    const contact = await recipientOf(t, alice, { email: uniqueEmail('nobody') });
    const sent = await create(t, alice, { amount: 30, contact });
    const sentId = String(sent.body.id);
    expect(await balanceOf(t, alice)).toBe('70.00');
    expect((await call(t, 'POST', `/api/transactions/${sentId}/cancel/`, { token: mallory.token })).status).toBe(404);
    const [a, b] = await Promise.all([
      call(t, 'POST', `/api/transactions/${sentId}/cancel/`, { token: alice.token }),
      call(t, 'POST', `/api/transactions/${sentId}/cancel/`, { token: alice.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  // Seen under the chaos workload: a client that timed out on a cancel that did happen retried it and was told
  // "can no longer be cancelled", a refusal of its own success. With its Idempotency-Key it gets the first answer.
  it('replays a cancel retried with its Idempotency-Key, concurrently or after the fact, and moves the money once', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail('nobody') });
    const first = String((await create(t, alice, { amount: 30, contact })).body.id);
    const second = String((await create(t, alice, { amount: 20, contact })).body.id);
    expect(await balanceOf(t, alice)).toBe('50.00');
    const key = newKey();
    const cancel = (id: string, k = key) =>
      call(t, 'POST', `/api/transactions/${id}/cancel/`, { token: alice.token, headers: { 'idempotency-key': k } });
    const [a, b] = await Promise.all([cancel(first), cancel(first)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ id: Number(first), status: 'cancelled' });
    const later = await cancel(first);
    expect(later.status).toBe(200);
    expect(later.body).toEqual(a.body);
    expect(await balanceOf(t, alice)).toBe('80.00');
    // A new intent (another key) is refused as before; the same key for another transaction is a conflict.
    expect((await cancel(first, newKey())).body).toEqual({ detail: transactionMessages.notCancellable });
    expect((await cancel(second)).status).toBe(409);
    expect(await balanceOf(t, alice)).toBe('80.00');
    const refunds = await t.database.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('reference_type', '=', 'transaction')
      .where('reference_id', '=', first)
      .execute();
    expect(refunds).toHaveLength(2); // the send and its one refund
  });
});
