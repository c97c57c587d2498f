import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { pickupBeingPaidOutMessage } from '../../../common/api/pickups.ts';
import { transactionMessages } from '../../../common/api/transactions.ts';
import {
  call,
  ensureRates,
  testEnv,
  uniqueEmail,
  uniquePhone,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { importTestLists } from '../sanctions/sanctions.fixtures.ts';
import {
  idCheck,
  outbox,
  pay,
  reserve,
  sentPickup,
  type Sent,
} from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import {
  agency,
  balanceOf,
  CODE,
  create,
  customer,
  newKey,
  recipientOf,
  setFrozen,
  teller,
} from '../transfers/transactions.fixtures.ts';
import { lastAudit, operator } from './ops.fixtures.ts';

/**
 * Customer care on a waiting transfer, by an operator: the cancel for the customer (the customer's own rules, four
 * eyes kept by sending larger amounts to the refund) and the pickup SMS sent again to its recipient (never for a
 * pickup held or finished, at most 3 times a day), each audited and noted in the help case it came from.
 */
let t: TestApp;
let op: SignedIn;
let auditor: SignedIn;
let counter: SignedIn;
beforeAll(async () => {
  // Four eyes above 100 MAD here: a cancel of more is sent to the refund.
  t = await startTestApp({ env: { ...testEnv, OPS_FOUR_EYES_MAD: '100' } });
  await ensureRates(t);
  op = await operator(t);
  auditor = await operator(t, 'AUDITOR');
  counter = await teller(t, await agency(t));
  await importTestLists(t);
  await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', String(op.userId)).execute();
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
type Case = { id: number; reference: string; messages: { body: string; internal?: boolean }[] };

const cancelAs = (who: SignedIn, id: number, body: Body = {}, key?: string) =>
  call<Body>(t, 'POST', `/api/ops/transactions/${id}/cancel/`, {
    token: who.token,
    body: { reason: 'Customer asked by phone', security_code: CODE, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const resendAs = (who: SignedIn, id: number, body: Body = {}) =>
  call<Body>(t, 'POST', `/api/ops/transactions/${id}/resend-pickup-sms/`, { token: who.token, body });
const statusOf = async (id: number) =>
  (await call<Body>(t, 'GET', `/api/ops/transactions/${id}/`, { token: op.token })).body.status;
const caseAbout = async (who: SignedIn, id: number) => {
  const made = await call<Case>(t, 'POST', '/api/cases/', {
    token: who.token,
    body: { kind: 'cannot_collect', message: 'Please help', transaction: id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};
const notesOf = async (caseId: number) =>
  (await call<Case>(t, 'GET', `/api/ops/cases/${caseId}/`, { token: op.token })).body.messages
    .filter((m) => m.internal)
    .map((m) => m.body.replace(/\u00a0/g, ' '));
const customerView = async (who: SignedIn, caseId: number) =>
  (await call<Case>(t, 'GET', `/api/cases/${caseId}/`, { token: who.token })).body;

async function unclaimed(amount: number) {
  const sender = await customer(t, 1_000_00n);
  const contact = await recipientOf(t, sender, { email: uniqueEmail('nobody') });
  const sent = await create(t, sender, { amount, contact });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { sender, id: sent.body.id as number };
}

describe('an operator cancels a waiting transfer for the customer', () => {
  it('from a case: the money goes back once, the audit line names the case, the thread gets a note, the customer sees no change', async () => {
    const { sender, id } = await unclaimed(40);
    const item = await caseAbout(sender, id);
    const before = await customerView(sender, item.id);
    expect(await balanceOf(t, sender)).toBe('960.00');
    const res = await cancelAs(op, id, { case: item.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transaction).toMatchObject({ id, status: 'cancelled', refundable: false });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    expect(await lastAudit(t, op, 'transaction.cancel', { type: 'transaction', id })).toMatchObject({
      reason: 'Customer asked by phone',
      before: { status: 'unclaimed' },
      after: { status: 'cancelled', case: item.reference },
    });
    expect(await notesOf(item.id)).toEqual([
      'Transfer cancelled for the customer from this help request: 40.00 MAD back in their balance.\nReason: Customer asked by phone',
    ]);
    expect(await customerView(sender, item.id)).toEqual(before);

    // A retry without a key finds it finished: a clear 400, and never a second credit.
    const again = await cancelAs(op, id, { case: item.id });
    expect(again).toMatchObject({ status: 400, body: { detail: transactionMessages.notCancellable } });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    expect(await notesOf(item.id)).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key replays the first answer; the money moved once', async () => {
    const { sender, id } = await unclaimed(30);
    const key = newKey();
    const first = await cancelAs(op, id, {}, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await cancelAs(op, id, {}, key);
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(await balanceOf(t, sender)).toBe('1000.00');
  });

  it('cancels an available cash pickup (the customer’s own rule), and not one a teller holds at the counter', async () => {
    const free = await sentPickup(t);
    expect((await cancelAs(op, free.tx.id)).body.transaction).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t, free.alice)).toBe('200.00');

    const held = await sentPickup(t);
    expect((await reserve(t, held.reference, counter)).status).toBe(200);
    const res = await cancelAs(op, held.tx.id);
    expect(res).toMatchObject({ status: 409, body: { detail: pickupBeingPaidOutMessage } });
    expect(await statusOf(held.tx.id)).toBe('available');
  });

  it('above the four-eyes threshold it is refused and sent to the refund; nothing moves', async () => {
    const { sender, id } = await unclaimed(150);
    const res = await cancelAs(op, id);
    expect(res).toMatchObject({ status: 409, body: { detail: opsMessages.cancelAboveFourEyes } });
    expect(await statusOf(id)).toBe('unclaimed');
    expect(await balanceOf(t, sender)).toBe('850.00');
  });

  it('refuses a missing reason on its field, a case about another transfer, an auditor and a customer', async () => {
    const { sender, id } = await unclaimed(20);
    const other = await unclaimed(20);
    const otherCase = await caseAbout(other.sender, other.id);
    expect(await cancelAs(op, id, { reason: '' })).toMatchObject({
      status: 400,
      body: { reason: [opsMessages.reasonRequired] },
    });
    expect(await cancelAs(op, id, { case: otherCase.id })).toMatchObject({
      status: 400,
      body: { case: [opsMessages.notThisCase] },
    });
    expect(await cancelAs(auditor, id)).toMatchObject({ status: 403, body: { detail: opsMessages.auditorReadOnly } });
    expect((await cancelAs(sender, id)).status).toBe(403);
    expect(await statusOf(id)).toBe('unclaimed');
    expect(await notesOf(otherCase.id)).toEqual([]);
  });
});

describe('an operator sends the pickup SMS again', () => {
  // The pickup's SMS to its recipient: the reference as the message groups it.
  const smsTo = async (p: Sent, atLeast: number) => {
    const grouped = `${p.reference.slice(0, 3)} ${p.reference.slice(3, 6)} ${p.reference.slice(6)}`;
    return (await outbox(t, p.phone, atLeast)).filter((m) => m.body.includes(grouped));
  };

  it('from a case: the same reference to the recipient, audited with the case, noted; then 3 a day, the 4th a 429', async () => {
    const p = await sentPickup(t);
    const item = await caseAbout(p.alice, p.tx.id);
    expect(await smsTo(p, 1)).toHaveLength(1);
    const res = await resendAs(op, p.tx.id, { case: item.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sent: true, remaining: 2 });
    const texts = await smsTo(p, 2);
    expect(texts).toHaveLength(2);
    // The message the recipient got at send time, again.
    expect(texts[0]?.body).toBe(texts[1]?.body);
    expect(await lastAudit(t, op, 'pickup.resend_sms', { type: 'transaction', id: p.tx.id })).toMatchObject({
      after: { case: item.reference },
    });
    expect(await notesOf(item.id)).toEqual(['Pickup SMS sent again to the recipient from this help request.']);

    expect((await resendAs(op, p.tx.id)).body).toEqual({ sent: true, remaining: 1 });
    expect((await resendAs(op, p.tx.id)).body).toEqual({ sent: true, remaining: 0 });
    const fourth = await resendAs(op, p.tx.id);
    expect(fourth).toMatchObject({ status: 429, body: { detail: opsMessages.pickupSmsLimit } });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(await smsTo(p, 4)).toHaveLength(4);
  });

  it('a held pickup, or one whose sender is frozen, tells the recipient nothing', async () => {
    const sender = await customer(t, 100_000n);
    const phone = uniquePhone();
    // An invented name of tests/fixtures/sanctions/: the pickup is held at creation.
    const contact = await recipientOf(t, sender, {
      first_name: 'Mohamed',
      last_name: 'El Hassan Zitouni',
      phone_number: phone,
    });
    const held = await create(t, sender, { amount: 50, contact, delivery: 'cash_pickup' });
    expect(held.body.status).toBe('on_hold');
    const res = await resendAs(op, held.body.id as number);
    expect(res).toMatchObject({ status: 409, body: { detail: opsMessages.pickupSmsHeld } });
    expect(await outbox(t, phone, 1)).toEqual([]);

    const p = await sentPickup(t);
    await setFrozen(t, op, p.alice, true);
    expect(await resendAs(op, p.tx.id)).toMatchObject({ status: 409, body: { detail: opsMessages.pickupSmsHeld } });
    expect(await smsTo(p, 2)).toHaveLength(1);
  });

  it('refuses a collected, cancelled or expired pickup and a transfer that is no pickup; an auditor cannot', async () => {
    const collected = await sentPickup(t);
    expect((await reserve(t, collected.reference, counter)).status).toBe(200);
    expect((await pay(t, collected.reference, counter, idCheck)).status).toBe(200);
    const cancelled = await sentPickup(t);
    expect((await cancelAs(op, cancelled.tx.id)).status).toBe(200);
    const expired = await sentPickup(t);
    await t.database.db
      .updateTable('transactions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', String(expired.tx.id))
      .execute();
    for (const p of [collected, cancelled, expired]) {
      const res = await resendAs(op, p.tx.id);
      expect(res, String(p.tx.id)).toMatchObject({ status: 409, body: { detail: opsMessages.pickupSmsFinished } });
    }
    const { id } = await unclaimed(10);
    expect(await resendAs(op, id)).toMatchObject({ status: 400, body: { detail: opsMessages.pickupSmsNotAPickup } });
    const open = await sentPickup(t);
    expect(await resendAs(auditor, open.tx.id)).toMatchObject({ status: 403 });
    expect((await resendAs(open.alice, open.tx.id)).status).toBe(403);
    expect(await smsTo(open, 2)).toHaveLength(1);
  });
});
