import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionMessages } from '../../../../../common/api/transactions.ts';
import { securityCodeErrors } from '../../../../../common/api/users.ts';
import { withdrawalMessages } from '../../../../../common/api/withdrawals.ts';
import { genericMessages } from '../../../../../common/api/messages.ts';
import { expectNewestSubject, pay, sentPickup } from '../cash-pickup/pickups.fixtures.ts';
import { call, ensureRates, testEnv } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { agency, balanceOf, CODE, create, customer, newKey, teller } from '../../transactions.fixtures.ts';
import { expireWaiting } from '../../expiry-sweep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Tx = Record<string, unknown> & { id: number; token: string | null };

async function pendingWithdrawal(amount = 40) {
  const agencyId = await agency(t);
  const alice = await customer(t, 100_00n);
  const res = await create(t, alice, { amount, contact: Number(agencyId) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { agencyId, alice, tx: res.body as Tx };
}

const lookup = (token: string, s: { token: string }) =>
  call(t, 'GET', `/api/withdrawals/${token}/`, { token: s.token });
const validate = (token: string, s: { token: string }, body: Record<string, unknown>, key?: string) =>
  call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
    token: s.token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('withdrawals', () => {
  it('reserves the amount and returns a 128-bit token and a dashed identifier, shown to its owner only', async () => {
    const { alice, tx } = await pendingWithdrawal();
    expect(tx).toMatchObject({ category: 'withdrawal', status: 'pending', validated: false, amount: '40.00' });
    expect(tx.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tx.identifier).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(tx.recipient_address).toBe('1 Avenue Hassan II');
    expect(await balanceOf(t, alice)).toBe('60.00');
    const detail = await call<Tx>(t, 'GET', `/api/transactions/${tx.id}/`, { token: alice.token });
    expect(detail.body.token).toBe(tx.token);
    const stored = await t.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', String(tx.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(tx.token ?? 'none');
  });

  it('a teller of the agency looks it up and pays it out once; the sender is notified and sees it done', async () => {
    const { agencyId, alice, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const token = tx.token ?? '';
    const seen = await lookup(token, banker);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: tx.id, sender: alice.userId, token: null, category: 'withdrawal' });
    expect(seen.body.sender_first_name).toEqual(expect.any(String));
    const paid = await validate(token, banker, { id: tx.id, security_code: CODE });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ validated: true, status: 'validated' });
    const again = await validate(token, banker, { id: tx.id, security_code: CODE });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: withdrawalMessages.alreadyValidated });
    const detail = await call<Tx>(t, 'GET', `/api/transactions/${tx.id}/`, { token: alice.token });
    expect(detail.body).toMatchObject({ validated: true, token: null });
    expect(await balanceOf(t, alice)).toBe('60.00');
    await expectNewestSubject(t, alice.email, 'Sila: Withdrawal paid out');
    // The banker's history lists the agency's withdrawals.
    const list = await call<{ results: Tx[] }>(t, 'GET', '/api/transactions/?category=withdraw', {
      token: banker.token,
    });
    expect(list.body.results.map((r) => r.id)).toContain(tx.id);
  });

  it('two tellers validating at once: exactly one pays out', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const [a, b] = [await teller(t, agencyId), await teller(t, agencyId)];
    const results = await Promise.all([
      validate(tx.token ?? '', a, { id: tx.id, security_code: CODE }),
      validate(tx.token ?? '', b, { id: tx.id, security_code: CODE }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const cash = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'agency_cash')
      .where('agency_id', '=', agencyId)
      .executeTakeFirstOrThrow();
    expect(cash.balance).toBe('4000');
  });

  it('replays the validation with its Idempotency-Key, refuses the key with another body', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const key = newKey();
    const first = await validate(tx.token ?? '', banker, { id: tx.id, security_code: CODE }, key);
    const replay = await validate(tx.token ?? '', banker, { id: tx.id, security_code: CODE }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const other = await pendingWithdrawal();
    const otherBanker = await teller(t, other.agencyId);
    // Same key, other teller: scopes differ, so it is a fresh key for them.
    expect(
      (await validate(other.tx.token ?? '', otherBanker, { id: other.tx.id, security_code: CODE }, key)).status,
    ).toBe(200);
  });

  it('isolates agencies and roles: another agency 404s with its message, a customer is refused', async () => {
    const { alice, tx } = await pendingWithdrawal();
    const stranger = await teller(t, await agency(t));
    const res = await lookup(tx.token ?? '', stranger);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: withdrawalMessages.otherAgency, agency: { address: '1 Avenue Hassan II' } });
    expect((await validate(tx.token ?? '', stranger, { id: tx.id, security_code: CODE })).status).toBe(404);
    expect((await lookup(tx.token ?? '', alice)).status).toBe(403);
    expect((await call(t, 'GET', `/api/transactions/${tx.id}/`, { token: stranger.token })).status).toBe(404);
    const other = await customer(t);
    expect((await call(t, 'GET', `/api/transactions/${tx.id}/`, { token: other.token })).status).toBe(404);
    expect(await balanceOf(t, alice)).toBe('60.00');
  });

  it('refuses unknown or malformed tokens, a mismatched id and a wrong teller code', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const unknown = await lookup('A'.repeat(22), banker);
    expect(unknown.status).toBe(404);
    // Not the other-agency message: the screen says 'not found' for this one.
    expect(unknown.body).toEqual({ detail: genericMessages.notFound });
    expect((await lookup('short', banker)).status).toBe(404);
    expect((await validate(tx.token ?? '', banker, { id: tx.id + 1, security_code: CODE })).status).toBe(404);
    const wrong = await validate(tx.token ?? '', banker, { id: tx.id, security_code: '000000' });
    expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    expect((await validate(tx.token ?? '', banker, { id: tx.id })).status).toBe(400);
  });

  it('the customer cancels a pending withdrawal: the hold is released and the token dies', async () => {
    const { agencyId, alice, tx } = await pendingWithdrawal();
    const cancel = await call(t, 'POST', `/api/transactions/${tx.id}/cancel/`, { token: alice.token });
    expect(cancel.body).toMatchObject({ status: 'cancelled', token: null });
    expect(await balanceOf(t, alice)).toBe('100.00');
    const banker = await teller(t, agencyId);
    const res = await validate(tx.token ?? '', banker, { id: tx.id, security_code: CODE });
    expect(res.body).toEqual({ detail: withdrawalMessages.cancelled });
    const twice = await call(t, 'POST', `/api/transactions/${tx.id}/cancel/`, { token: alice.token });
    expect(twice.body).toEqual({ detail: transactionMessages.notCancellable });
  });

  it('expires: refused at the counter at once, the sweep releases the hold (twice is harmless)', async () => {
    const { agencyId, alice, tx } = await pendingWithdrawal();
    await t.database.db
      .updateTable('transactions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', String(tx.id))
      .execute();
    const banker = await teller(t, agencyId);
    expect((await validate(tx.token ?? '', banker, { id: tx.id, security_code: CODE })).body).toEqual({
      detail: withdrawalMessages.expired,
    });
    const detail = await call<Tx>(t, 'GET', `/api/transactions/${tx.id}/`, { token: alice.token });
    expect(detail.body).toMatchObject({ status: 'expired', token: null });
    await Promise.all([expireWaiting(t.database.db, new Date()), expireWaiting(t.database.db, new Date())]);
    expect(await balanceOf(t, alice)).toBe('100.00');
    const row = await t.database.db
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', String(tx.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });

  it('a customer withdrawing more than the balance gets Not enough funds', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 5_00n);
    const res = await create(t, alice, { amount: 6, contact: Number(agencyId) });
    expect(res.body).toEqual({ amount: [transactionMessages.notEnoughFunds] });
  });

  it("counts what the teller's agency paid out on the local day: withdrawals and pickups, any of its tellers", async () => {
    const { agencyId, tx } = await pendingWithdrawal(40);
    const banker = await teller(t, agencyId);
    const colleague = await teller(t, agencyId);
    const today = (s: { token: string }, tz?: string) =>
      call<{ date: string; count: number; total: string }>(
        t,
        'GET',
        `/api/withdrawals/today/${tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`}`,
        { token: s.token },
      );
    const before = await today(banker, 'Africa/Casablanca');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ count: 0, total: '0.00' });
    expect(before.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A pending withdrawal is not paid out yet; once validated it counts, and so does a pickup paid there.
    expect((await today(banker)).body).toMatchObject({ count: 0, total: '0.00' });
    expect((await validate(tx.token ?? '', banker, { id: tx.id, security_code: CODE })).status).toBe(200);
    const pickup = await sentPickup(t, {}, 25.5);
    expect((await pay(t, pickup.reference, colleague)).status).toBe(200);
    expect((await today(banker, 'Africa/Casablanca')).body).toMatchObject({ count: 2, total: '65.50' });
    expect((await today(colleague)).body).toMatchObject({ count: 2, total: '65.50' });

    // Another agency's tellers see their own day; customers are refused; a zone that is not one is a 400 on tz.
    const other = await teller(t, await agency(t));
    expect((await today(other)).body).toMatchObject({ count: 0, total: '0.00' });
    const customerAnswer = await today(await customer(t, 0n));
    expect(customerAnswer.status).toBe(403);
    const badZone = await today(banker, 'Mars/Olympus');
    expect(badZone.status).toBe(400);
    expect(badZone.body).toHaveProperty('tz');
  });
});
