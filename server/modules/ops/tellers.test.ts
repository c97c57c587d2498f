import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, otherCode, signIn, testEnv, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, CODE, create, customer, teller } from '../transfers/transactions.fixtures.ts';
import { lastAudit as lastLine, operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Staff = { id: number; role: string; agency: { id: number; name: string } | null; sessions_ended?: number };
const lastAudit = (token: string, action: string, target: number) =>
  lastLine(t, { token }, action, { type: 'user', id: target });
const tellersAt = async (token: string, agencyId: string) =>
  (await call<{ count: number; results: Staff[] }>(t, 'GET', `/api/ops/tellers/?agency=${agencyId}`, { token })).body;

describe('tellers/ add', () => {
  it('creates the account of a new e-mail as a teller of the agency, who then signs in as one', async () => {
    const op = await operator(t);
    const at = await agency(t);
    const email = uniqueEmail('new-teller');
    const res = await opsAction(t, op, 'tellers/', {
      email,
      agency: Number(at),
      first_name: 'Yasmine',
      reason: 'Hired',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ role: 'BANKER', email, first_name: 'Yasmine', agency: { id: Number(at) } });
    const id = Number(res.body.id);
    expect(await lastAudit(op.token, 'teller.add', id)).toMatchObject({
      actor: op.userId,
      reason: 'Hired',
      before: null,
      after: { role: 'BANKER', agency: Number(at) },
    });
    expect((await tellersAt(op.token, at)).results.map((s) => s.id)).toEqual([id]);
    const agencyRow = await call(t, 'GET', `/api/ops/agencies/${at}/`, { token: op.token });
    expect(agencyRow.body).toMatchObject({ tellers: 1 });
    const s = await signIn(t, { email });
    expect(s.role).toBe('BANKER');
  });

  it('promotes a customer with nothing left; refuses money left, staff, a teller already and a closed agency', async () => {
    const op = await operator(t);
    const at = await agency(t);
    const c = await customer(t);
    const promoted = await opsAction(t, op, 'tellers/', { email: c.email, agency: Number(at) });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(201);
    expect(promoted.body).toMatchObject({ id: c.userId, role: 'BANKER' });
    expect(await lastAudit(op.token, 'teller.add', c.userId)).toMatchObject({
      before: { role: 'customer', agency: null },
    });

    const again = await opsAction(t, op, 'tellers/', { email: c.email, agency: Number(at) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: opsMessages.alreadyTeller });

    const rich = await customer(t, 10_00n);
    const withMoney = await opsAction(t, op, 'tellers/', { email: rich.email, agency: Number(at) });
    expect(withMoney.status).toBe(400);
    expect(withMoney.body).toEqual({ email: [opsMessages.hasMoney] });
    // Money on its way counts too: a pending withdrawal leaves the wallet at zero.
    const sender = await customer(t, 20_00n);
    expect((await create(t, sender, { amount: 20, contact: Number(at) })).status).toBe(201);
    expect((await opsAction(t, op, 'tellers/', { email: sender.email, agency: Number(at) })).body).toEqual({
      email: [opsMessages.hasMoney],
    });

    const other = await operator(t, 'AUDITOR');
    const staff = await opsAction(t, op, 'tellers/', { email: other.email, agency: Number(at) });
    expect(staff.status).toBe(400);
    expect(staff.body).toEqual({ email: [opsMessages.isStaff] });

    const closed = await agency(t);
    expect((await opsAction(t, op, `agencies/${closed}/disable/`)).status).toBe(200);
    const toClosed = await opsAction(t, op, 'tellers/', { email: uniqueEmail('x'), agency: Number(closed) });
    expect(toClosed.status).toBe(400);
    expect(toClosed.body).toEqual({ agency: [opsMessages.agencyDisabled] });
    const unknown = await opsAction(t, op, 'tellers/', { email: uniqueEmail('x'), agency: 999999999 });
    expect(unknown.body).toEqual({ agency: [opsMessages.unknownAgency] });
    const badEmail = await opsAction(t, op, 'tellers/', { email: 'nope', agency: Number(at) });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ email: ['Enter a valid email address.'] });
    expect((await tellersAt(op.token, at)).results.map((s) => s.id)).toEqual([c.userId]);
  });
});

describe('tellers/{id}/move/', () => {
  it('asks to move a teller to another agency; once a second operator approves, they see its withdrawals', async () => {
    const op = await operator(t);
    const second = await operator(t);
    const [from, to] = [await agency(t), await agency(t)];
    const banker = await teller(t, from);
    const asked = await opsAction(t, op, `tellers/${banker.userId}/move/`, {
      agency: Number(to),
      reason: 'Reassigned',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const approval = asked.body.approval as { id: number };
    expect(approval).toMatchObject({ kind: 'teller_move', subject_type: 'user', subject_id: String(banker.userId) });
    expect((await tellersAt(op.token, from)).results.map((s) => s.id)).toEqual([banker.userId]);
    const approved = await opsAction(t, second, `approvals/${approval.id}/approve/`, { reason: 'Agreed' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await tellersAt(op.token, to)).results.map((s) => s.id)).toEqual([banker.userId]);
    expect(await lastAudit(op.token, 'teller.move', banker.userId)).toMatchObject({
      actor: second.userId,
      reason: 'Reassigned',
      before: { role: 'BANKER', agency: Number(from) },
      after: { role: 'BANKER', agency: Number(to), requested_by: String(op.userId) },
    });
    const c = await customer(t, 50_00n);
    const made = await create(t, c, { amount: 10, contact: Number(to) });
    const seen = await call(t, 'GET', `/api/withdrawals/${String(made.body.token)}/`, { token: banker.token });
    expect(seen.status).toBe(200);

    const same = await opsAction(t, op, `tellers/${banker.userId}/move/`, { agency: Number(to) });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ agency: [opsMessages.sameAgency] });
    const notTeller = await opsAction(t, op, `tellers/${c.userId}/move/`, { agency: Number(from) });
    expect(notTeller.status).toBe(400);
    expect(notTeller.body).toEqual({ detail: opsMessages.notATeller });
    expect((await opsAction(t, op, 'tellers/999999999/move/', { agency: Number(from) })).status).toBe(404);
  });

  it('checks again at the approval: a teller disabled meanwhile is not moved, and the request stays pending', async () => {
    const op = await operator(t);
    const second = await operator(t);
    const [from, to] = [await agency(t), await agency(t)];
    const banker = await teller(t, from);
    const asked = await opsAction(t, op, `tellers/${banker.userId}/move/`, { agency: Number(to) });
    expect(asked.status).toBe(202);
    expect((await opsAction(t, op, `tellers/${banker.userId}/disable/`)).status).toBe(200);
    const id = (asked.body.approval as { id: number }).id;
    const approved = await opsAction(t, second, `approvals/${id}/approve/`);
    expect(approved).toMatchObject({ status: 400, body: { detail: opsMessages.notATeller } });
    expect((await opsAction(t, second, `approvals/${id}/reject/`)).status).toBe(200);
  });
});

describe('tellers/{id}/disable/', () => {
  it("ends the teller's sessions at once: their old token is a 401 on the next request", async () => {
    const op = await operator(t);
    const at = await agency(t);
    const banker = await teller(t, at);
    expect((await call(t, 'GET', '/api/users/', { token: banker.token })).status).toBe(200);
    const res = await opsAction(t, op, `tellers/${banker.userId}/disable/`, { reason: 'Left the company' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: banker.userId, role: 'customer', agency: null, sessions_ended: 1 });
    expect((await call(t, 'GET', '/api/users/', { token: banker.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/withdrawals/today/', { token: banker.token })).status).toBe(401);
    expect(await lastAudit(op.token, 'teller.disable', banker.userId)).toMatchObject({
      actor: op.userId,
      reason: 'Left the company',
      before: { role: 'BANKER', agency: Number(at) },
      after: { role: 'customer', agency: null, sessions_ended: 1 },
    });
    expect((await tellersAt(op.token, at)).count).toBe(0);
    const twice = await opsAction(t, op, `tellers/${banker.userId}/disable/`);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ detail: opsMessages.notATeller });
  });

  it("needs the operator's security code: a wrong one is a 400 counted toward their lockout, nothing changes", async () => {
    const op = await operator(t);
    const at = await agency(t);
    const banker = await teller(t, at);
    const wrong = await opsAction(t, op, `tellers/${banker.userId}/disable/`, { security_code: otherCode(CODE) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    const move = await opsAction(t, op, `tellers/${banker.userId}/move/`, {
      agency: Number(await agency(t)),
      security_code: otherCode(CODE),
    });
    expect(move.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 3 });
    const add = await opsAction(t, op, 'tellers/', {
      email: uniqueEmail('x'),
      agency: Number(at),
      security_code: '12',
    });
    expect(add.status).toBe(400);
    expect((await call(t, 'GET', '/api/users/', { token: banker.token })).status).toBe(200);
    expect((await tellersAt(op.token, at)).results.map((s) => s.id)).toEqual([banker.userId]);
  });
});

describe('tellers/ access', () => {
  it('refuses customers and tellers everything, and auditors every write', async () => {
    const at = await agency(t);
    const c = await customer(t);
    const banker = await teller(t, at);
    const auditor = await operator(t, 'AUDITOR');
    const body = { reason: 'No way', security_code: CODE };
    const writes: [string, Record<string, unknown>][] = [
      ['/api/ops/tellers/', { ...body, email: uniqueEmail('x'), agency: Number(at) }],
      [`/api/ops/tellers/${banker.userId}/move/`, { ...body, agency: Number(at) }],
      [`/api/ops/tellers/${banker.userId}/disable/`, body],
    ];
    for (const who of [c, banker]) {
      const list = await call(t, 'GET', '/api/ops/tellers/', { token: who.token });
      expect(list.status).toBe(403);
      expect(list.body).toEqual({ detail: opsMessages.staffOnly });
      for (const [path, b] of writes)
        expect((await call(t, 'POST', path, { token: who.token, body: b })).status).toBe(403);
    }
    expect((await call(t, 'GET', `/api/ops/tellers/?agency=${at}`, { token: auditor.token })).status).toBe(200);
    for (const [path, b] of writes) {
      const res = await call(t, 'POST', path, { token: auditor.token, body: b });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: opsMessages.auditorReadOnly });
    }
    expect((await call(t, 'GET', '/api/users/', { token: banker.token })).status).toBe(200);
  });
});
