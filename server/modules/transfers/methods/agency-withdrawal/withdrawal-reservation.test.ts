import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beingPaidOutMessage, withdrawalMessages } from '../../../../../common/api/withdrawals.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { agency, balanceOf, CODE, create, customer, teller } from '../../transactions.fixtures.ts';
import { expireWaiting } from '../../expiry-sweep.ts';

/** A teller reserves a withdrawal before cash leaves the till; the same cash cannot go out twice. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Tx = Record<string, unknown> & { id: number; token: string | null };

async function pendingWithdrawal() {
  const agencyId = await agency(t);
  const alice = await customer(t, 100_00n);
  const res = await create(t, alice, { amount: 40, contact: Number(agencyId) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const tx = res.body as Tx;
  return { agencyId, alice, tx, token: tx.token ?? '' };
}

const post = (path: string, s: SignedIn, body: Record<string, unknown>) =>
  call(t, 'POST', path, { token: s.token, body });
const reserve = (token: string, s: SignedIn, id: number) => post(`/api/withdrawals/${token}/reserve/`, s, { id });
const release = (token: string, s: SignedIn, id: number) => post(`/api/withdrawals/${token}/release/`, s, { id });
const validate = (token: string, s: SignedIn, id: number) =>
  post(`/api/withdrawals/${token}/validate/`, s, { id, security_code: CODE });
const cancel = (s: SignedIn, id: number) => post(`/api/transactions/${id}/cancel/`, s, {});

/** Time passing for one row: its reservation (or expiry) moved into the past, as the database clock sees it. */
async function lapse(id: number, column: 'reserved_until' | 'expires_at') {
  await t.database.db
    .updateTable('transactions')
    .set({ [column]: new Date(Date.now() - 60_000) })
    .where('id', '=', String(id))
    .execute();
}

describe('withdrawal reservation', () => {
  it('lookup -> reserve -> the customer cannot cancel, the hold stays -> the same teller pays out', async () => {
    const { agencyId, alice, tx, token } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    expect((await call(t, 'GET', `/api/withdrawals/${token}/`, { token: banker.token })).status).toBe(200);
    const held = await reserve(token, banker, tx.id);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const until = Date.parse(String(held.body.reserved_until));
    expect(until).toBeGreaterThan(Date.now() + 500_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 601_000);
    const refused = await cancel(alice, tx.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: beingPaidOutMessage });
    expect(await balanceOf(t, alice)).toBe('60.00');
    const paid = await validate(token, banker, tx.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'validated' });
    expect(await balanceOf(t, alice)).toBe('60.00');
  });

  it('two tellers reserving at once: one 200, one 409; the other one cannot validate either', async () => {
    const { agencyId, tx, token } = await pendingWithdrawal();
    const [a, b] = [await teller(t, agencyId), await teller(t, agencyId)];
    const answers = await Promise.all([reserve(token, a, tx.id), reserve(token, b, tx.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers[0]?.status === 200 ? b : a;
    const winner = loser === a ? b : a;
    expect(answers.find((r) => r.status === 409)?.body).toEqual({ detail: withdrawalMessages.heldByOtherCounter });
    const other = await validate(token, loser, tx.id);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ detail: withdrawalMessages.heldByOtherCounter });
    expect((await release(token, loser, tx.id)).status).toBe(409);
    // The holder renews its own reservation, then pays.
    expect((await reserve(token, winner, tx.id)).status).toBe(200);
    expect((await validate(token, winner, tx.id)).status).toBe(200);
    const late = await reserve(token, loser, tx.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: withdrawalMessages.alreadyValidated });
  });

  it('a reservation that lapsed lets the cancel through, and a cancelled one cannot be reserved', async () => {
    const { agencyId, alice, tx, token } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    expect((await reserve(token, banker, tx.id)).status).toBe(200);
    await lapse(tx.id, 'reserved_until');
    const cancelled = await cancel(alice, tx.id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await balanceOf(t, alice)).toBe('100.00');
    const refused = await reserve(token, banker, tx.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: withdrawalMessages.cancelled });
    expect((await validate(token, banker, tx.id)).body).toEqual({ detail: withdrawalMessages.cancelled });
  });

  it('the teller releases: the customer may cancel again; validate with no reservation still pays', async () => {
    const { agencyId, alice, tx, token } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    expect((await reserve(token, banker, tx.id)).status).toBe(200);
    const released = await release(token, banker, tx.id);
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ id: tx.id, reserved_until: null });
    expect((await cancel(alice, tx.id)).status).toBe(200);

    const second = await pendingWithdrawal();
    const other = await teller(t, second.agencyId);
    expect((await validate(second.token, other, second.tx.id)).status).toBe(200);
  });

  it('the expiry sweep leaves a reserved withdrawal alone, and expires it once the reservation ended', async () => {
    const { agencyId, alice, tx, token } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    expect((await reserve(token, banker, tx.id)).status).toBe(200);
    await lapse(tx.id, 'expires_at');
    await expireWaiting(t.database.db, new Date());
    expect(await balanceOf(t, alice)).toBe('60.00');
    expect((await cancel(alice, tx.id)).status).toBe(409);
    await lapse(tx.id, 'reserved_until');
    await expireWaiting(t.database.db, new Date());
    expect(await balanceOf(t, alice)).toBe('100.00');
    const expired = await reserve(token, banker, tx.id);
    expect(expired.body).toEqual({ detail: withdrawalMessages.expired });
  });

  it('the holder pays out past the expiry while the reservation runs', async () => {
    const { agencyId, alice, tx, token } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    expect((await reserve(token, banker, tx.id)).status).toBe(200);
    await lapse(tx.id, 'expires_at');
    expect((await validate(token, banker, tx.id)).status).toBe(200);
    expect(await balanceOf(t, alice)).toBe('60.00');
  });
});
