import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, movableClock, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { newDraft } from '../billing/billing.fixtures.ts';
import { agency, customer, teller } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction, startOpsScratchApp } from './ops.fixtures.ts';

/**
 * `/api/ops/rates/` over HTTP, on a database of its own: these tests change the rates every price
 * reads, which the other test files sharing the run's database must not see.
 */
const clock = movableClock();
let t: TestApp;
let op: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  ({ t, op } = await startOpsScratchApp('ops_rates_test', { clock }));
  second = await operator(t);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const base = { official: '10.85', freemium: '10.70', subscription: '10.80' };
const setRates = (body: Body, as = op) => opsAction(t, as, 'rates/', { ...base, ...body });
const history = (as = op) =>
  call<{ count: number; results: Body[]; in_force: Body | null; four_eyes_percent: string }>(
    t,
    'GET',
    '/api/ops/rates/?page_size=100',
    { token: as.token },
  );
const publicRates = async () => (await call(t, 'GET', '/api/rates/')).body;
const auditLines = async (action: string) =>
  (await call<{ results: Body[] }>(t, 'GET', `/api/ops/audit/?action=${action}&page_size=100`, { token: op.token }))
    .body.results;

describe('rates/ permissions', () => {
  it('customers and tellers get 403; an auditor reads the history and cannot set rates', async () => {
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    for (const who of [c, banker]) {
      expect((await history(who)).status).toBe(403);
      const write = await setRates({}, who);
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ detail: opsMessages.staffOnly });
    }
    const auditor = await operator(t, 'AUDITOR');
    expect((await history(auditor)).status).toBe(200);
    const write = await setRates({}, auditor);
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: opsMessages.auditorReadOnly });
  });
});

describe('rates/ set', () => {
  it('a small change applies now: the row in force, the prices quoted at it, and its audit line', async () => {
    const res = await setRates({ freemium: '10.72', reason: 'Morning fixing' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      applied: true,
      rate: {
        official: '10.8500',
        freemium: '10.7200',
        subscription: '10.8000',
        fee: '0.016000',
        freemium_margin: '1.20',
        subscription_margin: '0.46',
        state: 'in_force',
        set_by: { id: op.userId, name: 'Olga Operator' },
        approved_by: null,
        reason: 'Morning fixing',
      },
    });
    const id = (res.body.rate as { id: number }).id;
    expect(await publicRates()).toMatchObject({ freemium: '10.7200' });
    const draft = await newDraft(t, await customer(t), '100.00');
    expect(draft.body).toMatchObject({ rate: '10.7200', to_amount: '1072.00' });
    const list = await history();
    expect(list.body.in_force).toMatchObject({ id, state: 'in_force' });
    expect(list.body.four_eyes_percent).toBe('2');
    expect(list.body.results.find((r) => r.id === id)).toMatchObject({ state: 'in_force' });
    expect((await auditLines('rates.set')).find((l) => l.target_id === String(id))).toMatchObject({
      actor: op.userId,
      target_type: 'rates',
      reason: 'Morning fixing',
      before: { official: '10.8500', freemium: '10.7000' },
      after: { official: '10.8500', freemium: '10.7200', change_percent: '0.19' },
    });
  });

  it('a rate set for later is scheduled, and prices move at its time and not before', async () => {
    const inForce = await publicRates();
    const at = new Date(clock.now().getTime() + 3 * 86_400_000);
    const res = await setRates({ subscription: '10.81', effective_at: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ applied: true, rate: { state: 'scheduled', effective_at: at.toISOString() } });
    expect(await publicRates()).toEqual(inForce);
    expect((await history()).body.results[0]).toMatchObject({ subscription: '10.8100', state: 'scheduled' });
    clock.advance(3 * 86_400 + 1);
    try {
      expect(await publicRates()).toMatchObject({ subscription: '10.8100', updated_at: at.toISOString() });
    } finally {
      clock.advance(-(3 * 86_400 + 1));
    }
  });

  it('past OPS_RATE_CHANGE_FOUR_EYES_PCT it waits for another operator; the requester can never approve it', async () => {
    const before = await publicRates();
    const res = await setRates({ official: '11.20', freemium: '11.05', subscription: '11.10', reason: 'Devaluation' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({
      applied: false,
      approval: { kind: 'rates', state: 'pending', requested_by: op.userId, amount: null, reason: 'Devaluation' },
    });
    const approval = res.body.approval as { id: number; payload: Body };
    // Measured against the least favourable row of the last 24 hours: freemium 10.70 -> 11.05.
    expect(approval.payload).toMatchObject({ official: '11.20', change_percent: '3.28', fee_change_bp: '0' });
    expect(await publicRates()).toEqual(before);
    const twice = await setRates({ official: '11.30', freemium: '11.05', subscription: '11.10' }, second);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: opsMessages.alreadyRequested });

    const own = await opsAction(t, op, `approvals/${approval.id}/approve/`);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ detail: opsMessages.ownRequest });
    expect(await publicRates()).toEqual(before);

    const approved = await opsAction(t, second, `approvals/${approval.id}/approve/`, { reason: 'Checked the fixing' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      approval: { state: 'approved', decided_by: second.userId },
      transaction: null,
    });
    expect(await publicRates()).toMatchObject({ official: '11.2000', freemium: '11.0500', subscription: '11.1000' });
    const row = (await history()).body.in_force;
    expect(row).toMatchObject({
      set_by: { id: op.userId },
      approved_by: { id: second.userId },
      approval_id: approval.id,
      reason: 'Devaluation',
    });
    expect((await auditLines('rates.request')).find((l) => l.target_id === String(approval.id))).toMatchObject({
      actor: op.userId,
      before: { official: before.official },
      after: { official: '11.20' },
    });
    expect((await auditLines('rates.set')).find((l) => l.target_id === String(row?.id))).toMatchObject({
      actor: second.userId,
      after: { official: '11.2000', approval: String(approval.id), requested_by: String(op.userId) },
    });
    // Back to the base rates, a change of 3 % again: a second request, rejected, moves nothing.
    const back = await setRates({ reason: 'Back' });
    expect(back.status).toBe(202);
    const rejected = await opsAction(t, second, `approvals/${(back.body.approval as { id: number }).id}/reject/`);
    expect(rejected.status).toBe(200);
    expect(await publicRates()).toMatchObject({ official: '11.2000' });
  });

  it('a four-eyes rates request expires after 24 h: nobody can approve it then, nothing changes, a new one can be made', async () => {
    const before = await publicRates();
    expect(before).toMatchObject({ official: '11.2000' });
    const res = await setRates({ reason: 'Back to the fixing' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const approval = res.body.approval as { id: number; expires_at: string };
    expect(new Date(approval.expires_at).getTime() - clock.now().getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    const stateOf = async (as: SignedIn) => {
      const list = await call<{ results: Body[] }>(t, 'GET', '/api/ops/approvals/?kind=rates&page_size=100', {
        token: as.token,
      });
      return list.body.results.find((a) => a.id === approval.id)?.state;
    };
    clock.advance(24 * 3600 - 60);
    try {
      // A minute before: still pending (sessions of a day ago are over: colleagues sign in now).
      expect(await stateOf(await operator(t))).toBe('pending');
      clock.advance(61);
      const late = await operator(t);
      const approve = await opsAction(t, late, `approvals/${approval.id}/approve/`);
      expect(approve.status).toBe(409);
      expect(approve.body).toEqual({ detail: opsMessages.requestExpired });
      expect(await publicRates()).toEqual(before);
      expect(await stateOf(late)).toBe('expired');
      // The expired request no longer blocks a new one; that one is rejected, so the rates stay as they were.
      const again = await setRates({ reason: 'Back to the fixing, again' }, late);
      expect(again.status, JSON.stringify(again.body)).toBe(202);
      const rejected = await opsAction(
        t,
        await operator(t),
        `approvals/${(again.body.approval as { id: number }).id}/reject/`,
      );
      expect(rejected.status).toBe(200);
      expect(await publicRates()).toEqual(before);
    } finally {
      clock.advance(-(24 * 3600 + 1));
    }
  });

  it('refuses bad input field by field with 400s, a past time, a wrong security code, and writes nothing', async () => {
    const count = (await history()).body.count;
    const cases: [Body, Body][] = [
      [{ official: '-1' }, { official: [opsMessages.rateNotPositive] }],
      [
        { official: 'abc', freemium: '0' },
        { official: [opsMessages.rateNotPositive], freemium: [opsMessages.rateNotPositive] },
      ],
      [{ official: '10.85001' }, { official: [opsMessages.rateTooPrecise] }],
      [
        { official: '11.20', freemium: '11.25', subscription: '11.25' },
        { freemium: [opsMessages.rateAboveOfficial], subscription: [opsMessages.rateAboveOfficial] },
      ],
      [{ official: '11.20', freemium: '9.00' }, { freemium: [opsMessages.marginTooWide] }],
      [
        { official: '11.20', freemium: '11.10', subscription: '11.00' },
        { subscription: [opsMessages.subscriptionBelowFreemium] },
      ],
      [
        { official: '11.20', freemium: '11.05', subscription: '11.10', fee: '1' },
        { fee: [opsMessages.feeNotFraction] },
      ],
      [
        { official: '11.20', freemium: '11.05', subscription: '11.10', fee: '0.016125' },
        { fee: [opsMessages.feeTooPrecise] },
      ],
      [
        { official: '11.20', freemium: '11.05', subscription: '11.10', effective_at: '2020-01-01T00:00:00Z' },
        { effective_at: [opsMessages.effectiveInPast] },
      ],
      [
        { official: '11.20', freemium: '11.05', subscription: '11.10', effective_at: 'tomorrow' },
        { effective_at: [opsMessages.effectiveInvalid] },
      ],
      [
        { official: '11.20', freemium: '11.05', subscription: '11.10', reason: '' },
        { reason: [opsMessages.reasonRequired] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await setRates(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(expected);
    }
    const wrong = await setRates({
      official: '11.20',
      freemium: '11.05',
      subscription: '11.10',
      security_code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect((await history()).body.count).toBe(count);
  });
});
