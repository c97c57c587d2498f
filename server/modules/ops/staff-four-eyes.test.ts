import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, balanceOf, create, customer, recipientOf, teller } from '../transfers/transactions.fixtures.ts';
import { lastAudit, operator, opsAction } from './ops.fixtures.ts';

/**
 * Staff changes under four eyes, over HTTP: one operator alone cannot make the second pair of eyes they need.
 * Adding an operator is a request; the operator added cannot approve what was asked before they were one, nor what
 * the operator who asked for them asks; a promotion ends the person's sessions.
 */
let t: TestApp;
let monitored: TestApp;
beforeAll(async () => {
  // Promoted people sign in a second time at once.
  t = await startTestApp({ env: { ...testEnv, LOGIN_CODE_RESEND_SECONDS: '1' } });
  monitored = await startTestApp({ env: { ...testEnv, MONITOR_PAIR_SUM_BLOCK: 'on' } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
  await monitored.close();
});

/** A second sign-in of one address, past the one-second resend wait this app has. */
const signInAgain = async (email: string) => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return signIn(t, { email });
};

type Approval = { id: number; kind: string; state: string; requested_by: number };
const decide = (as: SignedIn, id: number, decision: 'approve' | 'reject' = 'approve') =>
  opsAction(t, as, `approvals/${id}/${decision}/`, { reason: 'Checked the request' });
const approvalOf = (res: { body: Record<string, unknown> }) => res.body.approval as Approval;
const stateOf = async (as: SignedIn, id: number) => {
  const res = await call<{ results: Approval[] }>(t, 'GET', '/api/ops/approvals/?state=pending&page_size=100', {
    token: as.token,
  });
  return res.body.results.some((a) => a.id === id) ? 'pending' : 'not pending';
};

/** A 6,000 MAD transfer to nobody registered yet: refundable, and above the four-eyes threshold. */
async function unclaimed6000() {
  const sender = await customer(t, 6_000_00n);
  const contact = await recipientOf(t, sender, { email: uniqueEmail('nobody') });
  const sent = await create(t, sender, { amount: '6000', contact });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { sender, id: sent.body.id as number };
}

async function refundRequest(as: SignedIn, id: number) {
  const res = await opsAction(t, as, `transactions/${id}/refund/`, { reason: 'Customer asked' });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return approvalOf(res);
}

describe('an operator cannot approve their own refund through an account they create', () => {
  it('is refused at every step: the creation waits, and the new operator may not decide it', async () => {
    const op1 = await operator(t);
    const op3 = await operator(t);
    const { sender, id } = await unclaimed6000();
    const refund = await refundRequest(op1, id);
    expect((await decide(op1, refund.id)).body).toEqual({ detail: opsMessages.ownRequest });

    // Operator 1 asks for an account of their own making to become an operator: a request, nothing more.
    const helper = await customer(t);
    const asked = await opsAction(t, op1, 'operators/', { email: helper.email, role: 'OPERATOR', reason: 'Helper' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const addition = approvalOf(asked);
    expect(addition).toMatchObject({ kind: 'staff_add', state: 'pending', requested_by: op1.userId });
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: helper.token })).status).toBe(403);
    expect((await decide(helper, refund.id)).status).toBe(403);
    expect((await decide(op1, addition.id)).body).toEqual({ detail: opsMessages.ownRequest });
    expect(await lastAudit(t, op1, 'operator.add_request', { type: 'approval', id: addition.id })).toMatchObject({
      actor: op1.userId,
      after: { approval: String(addition.id), kind: 'staff_add', email: helper.email, role: 'OPERATOR' },
    });

    // A third operator approves: the customer's old token is over (401), they sign in again as an operator.
    const approved = await decide(op3, addition.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await call(t, 'GET', '/api/users/', { token: helper.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: helper.token })).status).toBe(401);
    expect(await lastAudit(t, op3, 'operator.add', { type: 'user', id: helper.userId })).toMatchObject({
      actor: op3.userId,
      before: { role: 'customer' },
      after: { role: 'OPERATOR', approval: String(addition.id), requested_by: String(op1.userId), sessions_ended: 1 },
    });
    const op2 = { ...(await signInAgain(helper.email)), email: helper.email };
    expect(op2.role).toBe('OPERATOR');
    // Their security code is the one they set as a customer.
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', String(op2.userId))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(t.config.OPS_SESSION_TTL_SECONDS * 1000);

    // The new operator cannot decide the refund asked before they were one...
    expect((await decide(op2, refund.id)).body).toEqual({ detail: opsMessages.approverTooNew });
    expect((await decide(op2, refund.id, 'reject')).body).toEqual({ detail: opsMessages.approverTooNew });
    // ...nor anything the operator who added them asks afterwards: a refund, another operator.
    const later = await refundRequest(op1, (await unclaimed6000()).id);
    expect((await decide(op2, later.id)).body).toEqual({ detail: opsMessages.approverAddedByRequester });
    const another = await opsAction(t, op1, 'operators/', { email: uniqueEmail('ghost'), role: 'OPERATOR' });
    expect(another.status).toBe(202);
    expect((await decide(op2, approvalOf(another).id)).body).toEqual({
      detail: opsMessages.approverAddedByRequester,
    });
    expect(await stateOf(op1, refund.id)).toBe('pending');
    expect(await stateOf(op1, later.id)).toBe('pending');
    expect(await balanceOf(t, sender)).toBe('0.00');

    // An operator who was one before, and not added by the requester, decides.
    expect((await decide(op3, refund.id)).status).toBe(200);
    expect(await balanceOf(t, sender)).toBe('6000.00');
  });
});

describe('removing an operator or auditor, moving a teller', () => {
  it('are requests a second operator approves', async () => {
    const op1 = await operator(t);
    const op3 = await operator(t);
    const other = await operator(t);
    const asked = await opsAction(t, op1, `operators/${other.userId}/remove/`, { reason: 'Left the team' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(approvalOf(asked)).toMatchObject({ kind: 'staff_remove', state: 'pending' });
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: other.token })).status).toBe(200);
    const twice = await opsAction(t, op1, `operators/${other.userId}/remove/`);
    expect(twice).toMatchObject({ status: 409, body: { detail: opsMessages.alreadyRequested } });
    expect((await decide(op1, approvalOf(asked).id)).body).toEqual({ detail: opsMessages.ownRequest });
    const done = await decide(op3, approvalOf(asked).id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: other.token })).status).toBe(401);
    expect(await lastAudit(t, op3, 'operator.remove', { type: 'user', id: other.userId })).toMatchObject({
      actor: op3.userId,
      reason: 'Left the team',
      before: { role: 'OPERATOR' },
      after: { role: 'customer', requested_by: String(op1.userId), sessions_ended: 1 },
    });

    const [from, to] = [await agency(t), await agency(t)];
    const banker = await teller(t, from);
    const move = await opsAction(t, op1, `tellers/${banker.userId}/move/`, { agency: Number(to), reason: 'Moved' });
    expect(move.status, JSON.stringify(move.body)).toBe(202);
    expect(approvalOf(move)).toMatchObject({ kind: 'teller_move', state: 'pending' });
    const staffRow = async () =>
      (
        await call<{ results: { id: number; agency: { id: number } }[] }>(
          t,
          'GET',
          `/api/ops/tellers/?agency=${from}`,
          { token: op1.token },
        )
      ).body.results.map((s) => s.id);
    expect(await staffRow()).toContain(banker.userId);
    expect((await decide(op3, approvalOf(move).id)).status).toBe(200);
    expect(await staffRow()).not.toContain(banker.userId);
    expect(await lastAudit(t, op3, 'teller.move', { type: 'user', id: banker.userId })).toMatchObject({
      actor: op3.userId,
      before: { agency: Number(from) },
      after: { agency: Number(to), requested_by: String(op1.userId) },
    });
  });
});

describe('a promotion ends the sessions', () => {
  it('a customer made a teller: their customer token is over at once (401); they sign in again', async () => {
    const op = await operator(t);
    const c = await customer(t);
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(200);
    const res = await opsAction(t, op, 'tellers/', { email: c.email, agency: Number(await agency(t)) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(401);
    expect(await lastAudit(t, op, 'teller.add', { type: 'user', id: c.userId })).toMatchObject({
      after: { role: 'BANKER', sessions_ended: 1 },
    });
    expect((await signInAgain(c.email)).role).toBe('BANKER');
  });
});

describe('money or pending', () => {
  const send = (s: SignedIn, contact: number, amount: string) => create(monitored, s, { amount, contact });

  it('refuses to promote a customer whose transfer is held by monitoring, with nothing on the wallet', async () => {
    const op = await operator(t);
    const sender = await customer(t, 10_000_99n);
    const recipient = await customer(t);
    const contact = await recipientOf(t, sender, { email: recipient.email });
    for (const amount of ['5000', '4000', '999.99']) expect((await send(sender, contact, amount)).status).toBe(201);
    const held = await send(sender, contact, '1');
    expect(held.body).toMatchObject({ status: 'on_hold' });
    expect(await balanceOf(t, sender)).toBe('0.00');
    for (const [path, extra] of [
      ['tellers/', { agency: Number(await agency(t)) }],
      ['operators/', { role: 'AUDITOR' }],
    ] as const) {
      const res = await opsAction(t, op, path, { email: sender.email, ...extra });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ email: [opsMessages.hasMoney] });
    }
  });

  it('refuses to promote a frozen customer', async () => {
    const op = await operator(t);
    const c = await customer(t);
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: 'Suspicious' })).status).toBe(200);
    const res = await opsAction(t, op, 'tellers/', { email: c.email, agency: Number(await agency(t)) });
    expect(res).toMatchObject({ status: 400, body: { email: [opsMessages.hasMoney] } });
  });
});
