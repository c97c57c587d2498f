import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import {
  call,
  ensureRates,
  otherCode,
  signIn,
  testEnv,
  uniqueEmail,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, CODE, customer, teller } from '../transfers/transactions.fixtures.ts';
import { lastAudit as lastLine, operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Staff = { id: number; role: string };
const approve = (as: SignedIn, id: number) => opsAction(t, as, `approvals/${id}/approve/`, { reason: 'Agreed' });
const lastAudit = (token: string, action: string, target: number) =>
  lastLine(t, { token }, action, { type: 'user', id: target });
const listed = async (token: string, query = '') => {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call<{ results: Staff[]; next: string | null }>(
      t,
      'GET',
      `/api/ops/operators/?page_size=100&page=${page}${query}`,
      { token },
    );
    expect(res.status).toBe(200);
    ids.push(...res.body.results.map((s) => s.id));
    if (!res.body.next) return ids;
  }
};

describe('operators/', () => {
  it('lists operators and auditors, by role if asked', async () => {
    const op = await operator(t);
    const auditor = await operator(t, 'AUDITOR');
    const c = await customer(t);
    const all = await listed(op.token);
    expect(all).toEqual(expect.arrayContaining([op.userId, auditor.userId]));
    expect(all).not.toContain(c.userId);
    const auditors = await listed(auditor.token, '&role=AUDITOR');
    expect(auditors).toContain(auditor.userId);
    expect(auditors).not.toContain(op.userId);
  });

  it('asks to add an auditor by e-mail (a new account) and an operator from a customer; a second operator approves', async () => {
    const op = await operator(t);
    const second = await operator(t);
    const email = uniqueEmail('new-auditor');
    const res = await opsAction(t, op, 'operators/', { email, role: 'AUDITOR', reason: 'New auditor' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const asked = res.body.approval as { id: number };
    expect(asked).toMatchObject({ kind: 'staff_add', subject_type: 'email', subject_id: email, state: 'pending' });
    expect((await approve(second, asked.id)).status).toBe(200);
    const id = (await signIn(t, { email })).userId;
    expect(await lastAudit(op.token, 'operator.add', id)).toMatchObject({
      actor: second.userId,
      actor_role: 'OPERATOR',
      reason: 'New auditor',
      before: null,
      after: { role: 'AUDITOR', requested_by: String(op.userId) },
    });

    // A customer's own token does not become a back-office one: it ends with the promotion.
    const c = await customer(t);
    const promoted = await opsAction(t, op, 'operators/', { email: c.email, role: 'OPERATOR' });
    expect(promoted.status).toBe(202);
    expect((await approve(second, (promoted.body.approval as { id: number }).id)).status).toBe(200);
    expect(await lastAudit(op.token, 'operator.add', c.userId)).toMatchObject({
      before: { role: 'customer' },
      after: { role: 'OPERATOR', sessions_ended: 1 },
    });
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: c.token })).status).toBe(401);
  });

  it('refuses a teller, someone already in the back-office and a customer with money left', async () => {
    const op = await operator(t);
    const banker = await teller(t, await agency(t));
    const tellerEmail = (await call<{ results: { email: string }[] }>(t, 'GET', '/api/users/', { token: banker.token }))
      .body.results[0]?.email;
    const asTeller = await opsAction(t, op, 'operators/', { email: tellerEmail, role: 'OPERATOR' });
    expect(asTeller.status).toBe(400);
    expect(asTeller.body).toEqual({ email: [opsMessages.isTeller] });
    const other = await operator(t, 'AUDITOR');
    const twice = await opsAction(t, op, 'operators/', { email: other.email, role: 'OPERATOR' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: opsMessages.alreadyStaff });
    const rich = await customer(t, 5_00n);
    const withMoney = await opsAction(t, op, 'operators/', { email: rich.email, role: 'AUDITOR' });
    expect(withMoney.status).toBe(400);
    expect(withMoney.body).toEqual({ email: [opsMessages.hasMoney] });
    const badRole = await opsAction(t, op, 'operators/', { email: uniqueEmail('x'), role: 'BANKER' });
    expect(badRole.status).toBe(400);
  });
});

describe('operators/{id}/remove/', () => {
  it('once approved: a plain customer whose sessions end at once; not oneself; not a customer', async () => {
    const op = await operator(t);
    const second = await operator(t);
    const other = await operator(t);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: other.token })).status).toBe(200);
    const res = await opsAction(t, op, `operators/${other.userId}/remove/`, { reason: 'Left the team' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: other.token })).status).toBe(200);
    expect((await approve(second, (res.body.approval as { id: number }).id)).status).toBe(200);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: other.token })).status).toBe(401);
    expect(await lastAudit(op.token, 'operator.remove', other.userId)).toMatchObject({
      actor: second.userId,
      reason: 'Left the team',
      before: { role: 'OPERATOR' },
      after: { role: 'customer', sessions_ended: 1, requested_by: String(op.userId) },
    });
    expect(await listed(op.token)).not.toContain(other.userId);
    const profile = await call(t, 'GET', `/api/ops/customers/${other.userId}/`, { token: op.token });
    expect(profile.body).toMatchObject({ role: 'customer' });

    const self = await opsAction(t, op, `operators/${op.userId}/remove/`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ detail: opsMessages.removeYourself });
    const notStaff = await opsAction(t, op, `operators/${other.userId}/remove/`);
    expect(notStaff.status).toBe(400);
    expect(notStaff.body).toEqual({ detail: opsMessages.notStaff });
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: op.token })).status).toBe(200);
  });

  it("needs the operator's security code; auditors, customers and tellers cannot", async () => {
    const op = await operator(t);
    const auditor = await operator(t, 'AUDITOR');
    const wrong = await opsAction(t, op, `operators/${auditor.userId}/remove/`, { security_code: otherCode(CODE) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    const body = { reason: 'No way', security_code: CODE };
    for (const who of [c, banker]) {
      expect((await call(t, 'GET', '/api/ops/operators/', { token: who.token })).status).toBe(403);
      for (const [path, b] of [
        ['/api/ops/operators/', { ...body, email: uniqueEmail('x'), role: 'OPERATOR' }],
        [`/api/ops/operators/${op.userId}/remove/`, body],
      ] as const)
        expect((await call(t, 'POST', path, { token: who.token, body: b })).status).toBe(403);
    }
    const byAuditor = await call(t, 'POST', `/api/ops/operators/${op.userId}/remove/`, {
      token: auditor.token,
      body,
    });
    expect(byAuditor.status).toBe(403);
    expect(byAuditor.body).toEqual({ detail: opsMessages.auditorReadOnly });
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: auditor.token })).status).toBe(200);
  });
});

describe('at least one operator', () => {
  it('two operators approving the removal of each other at the same moment: one wins, the other is refused', async () => {
    // The shared test database always holds other operators, so the count never reaches 1 here; what this races
    // is the approver's own role: once removed, they must not remove anyone (three operators A, B and C would
    // otherwise end with C alone, and two would end with none if the count were read before the lock).
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const [a, b, c] = [await operator(t), await operator(t), await operator(t)];
      const removeA = await opsAction(t, c, `operators/${a.userId}/remove/`, { reason: `Race ${round} A` });
      const removeB = await opsAction(t, c, `operators/${b.userId}/remove/`, { reason: `Race ${round} B` });
      const [ab, ba] = await Promise.all([
        approve(a, (removeB.body.approval as { id: number }).id),
        approve(b, (removeA.body.approval as { id: number }).id),
      ]);
      expect(
        [ab.status, ba.status].filter((s) => s === 200),
        JSON.stringify([ab.body, ba.body]),
      ).toHaveLength(1);
      const [winner, loser, loserAnswer] = ab.status === 200 ? [a, b, ba] : [b, a, ab];
      // Refused under the lock (403, their role re-read) or, if the winner had committed first, at sign-in (401).
      expect([401, 403]).toContain(loserAnswer.status);
      if (loserAnswer.status === 403) expect(loserAnswer.body).toEqual({ detail: opsMessages.staffOnly });
      expect((await call(t, 'GET', '/api/ops/dashboard/', { token: winner.token })).status).toBe(200);
      expect((await call(t, 'GET', '/api/ops/dashboard/', { token: loser.token })).status).toBe(401);
      expect(await lastAudit(winner.token, 'operator.remove', Number(loser.userId))).toMatchObject({
        actor: winner.userId,
      });
      expect(await lastAudit(winner.token, 'operator.remove', Number(winner.userId))).toBeUndefined();
    }
  });
});
