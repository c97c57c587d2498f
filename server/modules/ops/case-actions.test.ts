import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import type { Contact } from '../../../common/api/contacts.ts';
import { money } from '../../../common/money/money.ts';
import { call, ensureRates, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { SANCTIONS_HOLD } from '../sanctions/sanctions-hold.ts';
import { holdTransferMoney } from '../transfers/held-money.ts';
import { CODE, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { lastAudit, operator } from './ops.fixtures.ts';

/**
 * The actions on a transfer taken from a help case's page: the existing endpoints, with `case`. The audit line names
 * the case, its thread gets an internal note, and the customer's view of the case does not change.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  // Four eyes above 100 MAD here, so that a small refund is direct and a larger one is a request.
  t = await startTestApp({ env: { ...testEnv, OPS_FOUR_EYES_MAD: '100' } });
  await ensureRates(t);
  op = await operator(t);
  // The note is written in the acting operator's language.
  await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', String(op.userId)).execute();
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Message = { id: number; author: string; body: string; internal?: boolean };
type Case = { id: number; reference: string; state: string; updated_at: string; messages: Message[] };
type Body = Record<string, unknown>;

const holdWords = /hold|sanction|review|compliance|screen|refund|unlock|operator/i;

async function unclaimedWithCase(amount: number) {
  const sender = await customer(t, 1_000_00n);
  const contact = await recipientOf(t, sender, { email: uniqueEmail('nobody') });
  const sent = await create(t, sender, { amount, contact });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const id = sent.body.id as number;
  const made = await call<Case>(t, 'POST', '/api/cases/', {
    token: sender.token,
    body: { kind: 'not_received', message: 'My sister has nothing yet', transaction: id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { sender, id, item: made.body };
}

const refundFrom = (id: number, caseId: number, reason = 'Sister has no account, money back') =>
  call<Body>(t, 'POST', `/api/ops/transactions/${id}/refund/`, {
    token: op.token,
    body: { reason, security_code: CODE, case: caseId },
  });
const unlockFrom = (userId: number, caseId: number) =>
  call<Body>(t, 'POST', `/api/ops/customers/${userId}/unlock-security-code/`, {
    token: op.token,
    body: { reason: 'Caller proved who they are', security_code: CODE, case: caseId },
  });
const staffView = async (caseId: number) =>
  (await call<Case>(t, 'GET', `/api/ops/cases/${caseId}/`, { token: op.token })).body;
const customerView = async (who: SignedIn, caseId: number) => {
  const res = await call<Case>(t, 'GET', `/api/cases/${caseId}/`, { token: who.token });
  expect(res.status).toBe(200);
  return res.body;
};
const unreadOf = async (who: SignedIn) =>
  (await call<{ unread: number }>(t, 'GET', '/api/notifications/', { token: who.token })).body.unread;

describe('actions from a case', () => {
  it('a refund from the case: the audit line names the case, the thread gets a note, the customer sees no change', async () => {
    const { sender, id, item } = await unclaimedWithCase(40);
    const before = await customerView(sender, item.id);
    const res = await refundFrom(id, item.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: true });

    expect(await lastAudit(t, op, 'transaction.refund', { type: 'transaction', id })).toMatchObject({
      reason: 'Sister has no account, money back',
      after: { status: 'refunded', case: item.reference },
    });
    const staff = await staffView(item.id);
    // The transfer's amount as every ops answer writes it (a decimal), not its minor units.
    expect((staff as Case & { transfer: { amount: string } }).transfer.amount).toBe('40.00');
    const notes = staff.messages.filter((m) => m.internal);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.author).toBe('operator');
    expect(notes[0]?.body.replace(/\u00a0/g, ' ')).toBe(
      'Refunded from this help request: 40.00 MAD.\nReason: Sister has no account, money back',
    );
    // Nothing of it reaches the customer's case: same thread, same state, same time of the last message.
    const after = await customerView(sender, item.id);
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toMatch(holdWords);
  });

  it('a refund above the threshold is the four-eyes request, named and noted the same way', async () => {
    const { id, item } = await unclaimedWithCase(150);
    const res = await refundFrom(id, item.id);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const approval = (res.body.approval as { id: number }).id;
    expect(await lastAudit(t, op, 'refund.request', { type: 'transaction', id })).toMatchObject({
      after: { approval: String(approval), case: item.reference },
    });
    const notes = (await staffView(item.id)).messages.filter((m) => m.internal);
    expect(notes.map((m) => m.body.replace(/\u00a0/g, ' '))).toEqual([
      `Refund of 150.00 MAD requested from this help request: it waits for a second operator (request #${approval}).\nReason: Sister has no account, money back`,
    ]);
  });

  it('approving a refund asked from a case: the approval’s audit lines name the case too', async () => {
    // An operator since before the request, as an approver must be.
    const second = await operator(t);
    const { id, item } = await unclaimedWithCase(150);
    const asked = await refundFrom(id, item.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const approval = (asked.body.approval as { id: number }).id;
    const approved = await call<Body>(t, 'POST', `/api/ops/approvals/${approval}/approve/`, {
      token: second.token,
      body: { reason: 'Checked the case', security_code: CODE },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await lastAudit(t, op, 'transaction.refund', { type: 'transaction', id })).toMatchObject({
      actor: second.userId,
      after: { status: 'refunded', approval: String(approval), case: item.reference },
    });
    expect(await lastAudit(t, op, 'approval.approve', { type: 'approval', id: approval })).toMatchObject({
      actor: second.userId,
      after: { state: 'approved', kind: 'refund', case: item.reference },
    });
  });

  it('unlocking the customer’s security code from their case: named in the audit, noted, unseen by the customer', async () => {
    const { sender, item } = await unclaimedWithCase(10);
    const before = await customerView(sender, item.id);
    const unread = await unreadOf(sender);
    const res = await unlockFrom(sender.userId, item.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lastAudit(t, op, 'customer.unlock_security_code', { type: 'user', id: sender.userId })).toMatchObject({
      after: { case: item.reference },
    });
    const notes = (await staffView(item.id)).messages.filter((m) => m.internal);
    expect(notes.map((m) => m.body)).toEqual([
      "The customer's security code was unlocked from this help request.\nReason: Caller proved who they are",
    ]);
    expect(await customerView(sender, item.id)).toEqual(before);
    expect(await unreadOf(sender)).toBe(unread);
  });

  it('refuses a case about another transfer or another customer on its field, and then nothing is done', async () => {
    const first = await unclaimedWithCase(20);
    const second = await unclaimedWithCase(20);
    const wrong = await refundFrom(first.id, second.item.id);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ case: [opsMessages.notThisCase] });
    const tx = await call<Body>(t, 'GET', `/api/ops/transactions/${first.id}/`, { token: op.token });
    expect(tx.body).toMatchObject({ status: 'unclaimed', refundable: true });
    expect((await unlockFrom(first.sender.userId, second.item.id)).body).toEqual({ case: [opsMessages.notThisCase] });
    expect((await refundFrom(first.id, 999_999_999)).body).toEqual({ case: [opsMessages.notThisCase] });
    for (const c of [first.item, second.item])
      expect((await staffView(c.id)).messages.filter((m) => m.internal)).toEqual([]);
  });

  it('a case about a held transfer: an action from it still tells the customer nothing of the hold', async () => {
    const who = await customer(t, 100_000n);
    const contactId = await recipientOf(t, who, { email: uniqueEmail('held') });
    const contact = await call<Contact>(t, 'GET', `/api/contacts/${contactId}/`, { token: who.token });
    const held = await withTransaction(t.database.db, (tx) =>
      holdTransferMoney(tx, String(who.userId), contact.body, money('MAD', 1000n), SANCTIONS_HOLD),
    );
    const made = await call<Case>(t, 'POST', '/api/cases/', {
      token: who.token,
      body: { kind: 'not_received', message: 'Nothing arrived', transaction: Number(held) },
    });
    expect(made.status).toBe(201);
    const before = await customerView(who, made.body.id);
    expect((await unlockFrom(who.userId, made.body.id)).status).toBe(200);
    const after = await customerView(who, made.body.id);
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toMatch(holdWords);
    const list = await call(t, 'GET', '/api/cases/', { token: who.token });
    expect(JSON.stringify(list.body)).not.toMatch(holdWords);
  });
});
