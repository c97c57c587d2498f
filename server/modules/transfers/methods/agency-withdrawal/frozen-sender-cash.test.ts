import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupMessages } from '../../../../../common/api/pickups.ts';
import { withdrawalMessages } from '../../../../../common/api/withdrawals.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { operator } from '../../../ops/ops.fixtures.ts';
import { lookup, pay, reserve, sentPickup } from '../cash-pickup/pickups.fixtures.ts';
import {
  agency,
  balanceOf,
  CODE,
  create,
  customer,
  setFrozen as setFrozenAs,
  teller,
  type Customer,
} from '../../transactions.fixtures.ts';

/**
 * A freeze stops cash, not only the books: while the sender of a pending withdrawal (QR) or of a cash pickup is
 * frozen, no counter pays it. The teller's lookup says only that it cannot be paid out (no reason, as for a held
 * pickup), a reservation is refused, and so is the payout, even under a reservation taken before the freeze. Lifting
 * the freeze makes it payable again.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  op = await operator(t);
});
afterAll(async () => {
  await t.close();
});

const setFrozen = (c: Customer, frozen: boolean) => setFrozenAs(t, op, c, frozen);

const post = (path: string, s: SignedIn, body: Record<string, unknown>) =>
  call(t, 'POST', path, { token: s.token, body });

describe("a frozen sender's withdrawal (QR)", () => {
  async function pendingWithdrawal() {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const res = await create(t, alice, { amount: 40, contact: Number(agencyId) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = Number(res.body.id);
    const token = String(res.body.token);
    const banker = await teller(t, agencyId);
    return {
      alice,
      banker,
      lookupIt: () => call(t, 'GET', `/api/withdrawals/${token}/`, { token: banker.token }),
      reserveIt: () => post(`/api/withdrawals/${token}/reserve/`, banker, { id }),
      validateIt: () => post(`/api/withdrawals/${token}/validate/`, banker, { id, security_code: CODE }),
    };
  }
  const notPayable = { status: 409, body: { detail: withdrawalMessages.notPayable } };

  it('is not payable at lookup, reservation or payout; payable again once the freeze is lifted', async () => {
    const w = await pendingWithdrawal();
    await setFrozen(w.alice, true);
    expect(await w.lookupIt()).toMatchObject(notPayable);
    expect(await w.reserveIt()).toMatchObject(notPayable);
    expect(await w.validateIt()).toMatchObject(notPayable);
    expect(await balanceOf(t, w.alice)).toBe('60.00');
    await setFrozen(w.alice, false);
    expect((await w.lookupIt()).body).toMatchObject({ status: 'pending' });
    const paid = await w.validateIt();
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'validated' });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('is refused at payout when the freeze lands after the teller reserved it', async () => {
    const w = await pendingWithdrawal();
    expect((await w.reserveIt()).status).toBe(200);
    await setFrozen(w.alice, true);
    expect(await w.validateIt()).toMatchObject(notPayable);
    const row = await t.database.db
      .selectFrom('transactions')
      .select(['status', 'final_entry_id'])
      .where('sender_user_id', '=', String(w.alice.userId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', final_entry_id: null });
  });
});

describe("a frozen sender's cash pickup", () => {
  const notPayable = { status: 409, body: { detail: pickupMessages.notPayable } };

  it('is not payable at lookup, reservation or payout; payable again once the freeze is lifted', async () => {
    const { alice, reference } = await sentPickup(t);
    const counter = await teller(t, await agency(t));
    await setFrozen(alice, true);
    const shown = await lookup(t, reference, counter);
    expect(shown.status).toBe(200);
    // Only that it cannot be paid out: no reason, no expiry to wait for.
    expect(shown.body).toMatchObject({ status: 'not_payable', expires_at: null, reserved_until: null });
    expect(await reserve(t, reference, counter)).toMatchObject(notPayable);
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
    expect(await balanceOf(t, alice)).toBe('150.00');
    await setFrozen(alice, false);
    expect((await lookup(t, reference, counter)).body).toMatchObject({ status: 'available' });
    const paid = await pay(t, reference, counter);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('is refused at payout when the freeze lands after the teller reserved it', async () => {
    const { alice, reference } = await sentPickup(t);
    const counter = await teller(t, await agency(t));
    expect((await reserve(t, reference, counter)).status).toBe(200);
    await setFrozen(alice, true);
    expect((await lookup(t, reference, counter)).body).toMatchObject({ status: 'not_payable' });
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
  });
});
