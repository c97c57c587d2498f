import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, testEnv } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { matrix } from './route-rules.ts';
import { freshKey, ownerSuccess } from './route-success.ts';
import { buildWorld, routeKey, routeTable, type World } from './security-helpers.ts';

/**
 * Every write of the staff (operators and tellers) leaves its audit line (migration 0140): each write route of
 * the matrix open to an operator or a banker is run once, successfully, through its success path of
 * route-success.ts, and the lines written under that request's id are exactly the ones named here, by that
 * person, on that object. A new staff write route fails the first test until it is named here, so the audit
 * coverage cannot rot silently.
 */

/** Where the audited object's id is: the number in the path, the answer's `id`, the request body's `id`. */
type Target = 'path' | 'answer' | 'body' | 'any';

interface Expected {
  /** The lines of this one request, in the order written. */
  actions: string[];
  targetType: string;
  target: Target;
  /** The action carries the operator's reason (and must keep it). */
  reason?: boolean;
  /** The action changes a state that existed: the line keeps both sides. */
  beforeAfter?: boolean;
}

const audited: Record<string, Expected> = {
  'POST /api/ops/customers/:id/freeze/': {
    actions: ['customer.freeze'],
    targetType: 'user',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/customers/:id/unfreeze/': {
    actions: ['customer.unfreeze'],
    targetType: 'user',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/customers/:id/unlock-security-code/': {
    actions: ['customer.unlock_security_code'],
    targetType: 'user',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/customers/:id/logout-all/': {
    actions: ['customer.logout_all'],
    targetType: 'user',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  // Help cases: an answer (or a note), a change of state with its reason, taking the case.
  'POST /api/ops/cases/:id/messages/': { actions: ['case.answer'], targetType: 'case', target: 'path' },
  'POST /api/ops/cases/:id/state/': {
    actions: ['case.state'],
    targetType: 'case',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/cases/:id/assign/': {
    actions: ['case.assign'],
    targetType: 'case',
    target: 'path',
    beforeAfter: true,
  },
  'POST /api/ops/transactions/:id/refund/': {
    actions: ['transaction.refund'],
    targetType: 'transaction',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/transactions/:id/cancel/': {
    actions: ['transaction.cancel'],
    targetType: 'transaction',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  // A message sent again changes no state: the line says what was sent about which pickup.
  'POST /api/ops/transactions/:id/resend-pickup-sms/': {
    actions: ['pickup.resend_sms'],
    targetType: 'transaction',
    target: 'path',
  },
  // Approving a refund request pays the refund and decides the request: two lines, the refund's on the transaction.
  'POST /api/ops/approvals/:id/approve/': {
    actions: ['transaction.refund', 'approval.approve'],
    targetType: 'approval',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/approvals/:id/reject/': {
    actions: ['approval.reject'],
    targetType: 'approval',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/reviews/:id/approve/': {
    actions: ['review.approve'],
    targetType: 'review',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/reviews/:id/reject/': {
    actions: ['review.reject'],
    targetType: 'review',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  // Creating and editing an agency takes no reason (the request has none); the edit keeps both sides.
  'POST /api/ops/agencies/': { actions: ['agency.create'], targetType: 'agency', target: 'answer' },
  'PATCH /api/ops/agencies/:id/': {
    actions: ['agency.update'],
    targetType: 'agency',
    target: 'path',
    beforeAfter: true,
  },
  'POST /api/ops/agencies/:id/disable/': {
    actions: ['agency.disable'],
    targetType: 'agency',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/agencies/:id/enable/': {
    actions: ['agency.enable'],
    targetType: 'agency',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/rates/': {
    actions: ['rates.set'],
    targetType: 'rates',
    target: 'any',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/tellers/': { actions: ['teller.add'], targetType: 'user', target: 'answer', reason: true },
  // Staff changes are requests a second operator approves: the request's line names the person (or, for an
  // account still to be added, the request) and carries the change in `after`.
  'POST /api/ops/tellers/:id/move/': {
    actions: ['teller.move_request'],
    targetType: 'user',
    target: 'path',
    reason: true,
  },
  'POST /api/ops/tellers/:id/disable/': {
    actions: ['teller.disable'],
    targetType: 'user',
    target: 'path',
    reason: true,
    beforeAfter: true,
  },
  'POST /api/ops/operators/': {
    actions: ['operator.add_request'],
    targetType: 'approval',
    target: 'any',
    reason: true,
  },
  'POST /api/ops/operators/:id/remove/': {
    actions: ['operator.remove_request'],
    targetType: 'user',
    target: 'path',
    reason: true,
  },
  // The teller's counter: no reason is asked; a payout keeps the status it ended.
  'POST /api/withdrawals/:token/validate/': {
    actions: ['withdrawal.pay'],
    targetType: 'transaction',
    target: 'body',
    beforeAfter: true,
  },
  'POST /api/withdrawals/:token/reserve/': {
    actions: ['withdrawal.reserve'],
    targetType: 'transaction',
    target: 'body',
  },
  'POST /api/withdrawals/:token/release/': {
    actions: ['withdrawal.release'],
    targetType: 'transaction',
    target: 'body',
  },
  'POST /api/pickups/:reference/reserve/': { actions: ['pickup.reserve'], targetType: 'transaction', target: 'answer' },
  'POST /api/pickups/:reference/release/': { actions: ['pickup.release'], targetType: 'transaction', target: 'answer' },
  'POST /api/pickups/:reference/pay/': {
    actions: ['pickup.pay'],
    targetType: 'transaction',
    target: 'answer',
    beforeAfter: true,
  },
};

const staffWrites = Object.entries(matrix)
  .filter(([key, rule]) => !key.startsWith('GET ') && (rule.access === 'operator' || rule.access === 'banker'))
  .map(([key]) => key);

const t = await startTestApp({ env: testEnv });
let w: World;
beforeAll(async () => {
  await ensureRates(t);
  w = await buildWorld(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('operator and teller audit coverage', () => {
  it('names every staff write route of the matrix, and only those', () => {
    expect(staffWrites.length).toBeGreaterThan(20);
    const missing = staffWrites.filter((key) => !(key in audited));
    expect(missing, 'a staff write route: name its audit line in tests/security/operator-audit.test.ts').toEqual([]);
    expect(Object.keys(audited).filter((key) => !staffWrites.includes(key))).toEqual([]);
    // The matrix itself is checked against the app's routes by route-matrix.test.ts; checked here too, so this
    // guard cannot pass on a stale matrix.
    const appWrites = routeTable(t.app)
      .filter((r) => r.method !== 'GET')
      .map(routeKey)
      .filter((key) => key.startsWith('POST /api/ops/') || key.startsWith('PATCH /api/ops/'));
    expect(appWrites.filter((key) => !(key in audited))).toEqual([]);
  });

  it.each(Object.keys(audited))('%s', async (key) => {
    const expected = audited[key];
    const make = ownerSuccess[key];
    if (!expected || !make) throw new Error(`no success path for ${key}`);
    const c = await make(t, w);
    const res = await call(t, key.split(' ')[0] ?? 'POST', c.path, {
      token: c.as.token,
      ...(c.body !== undefined && { body: c.body }),
      headers: freshKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const lines = await t.database.db
      .selectFrom('audit')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => l.action)).toEqual(expected.actions);
    const line = lines[lines.length - 1];
    if (!line) throw new Error('no audit line');
    expect(line).toMatchObject({ actor_user_id: String(c.as.userId), actor_role: c.as.role });
    expect(line.target_type).toBe(expected.targetType);
    const body = c.body as { id?: unknown } | undefined;
    const target = {
      path: /\/(\d+)\/[a-z-]*\/?$/.exec(c.path)?.[1],
      answer: String((res.body as { id?: unknown }).id),
      body: String(body?.id),
      any: line.target_id ?? undefined,
    }[expected.target];
    expect(target).toBeTruthy();
    expect(line.target_id).toBe(target);
    expect(line.ip).toBeTruthy();
    if (expected.reason) expect(line.reason).toBe((c.body as { reason?: string }).reason);
    if (expected.beforeAfter) {
      expect(line.before, 'the state before').not.toBeNull();
      expect(line.after, 'the state after').not.toBeNull();
    } else {
      expect(line.after, 'the state after').not.toBeNull();
    }
  });

  it('an idempotent replay of a payout writes no second line', async () => {
    const c = await ownerSuccess['POST /api/pickups/:reference/pay/']?.(t, w);
    if (!c) throw new Error('no success path');
    const headers = freshKey();
    const send = () => call(t, 'POST', c.path, { token: c.as.token, body: c.body, headers });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await send()).status).toBe(200);
    const lines = await t.database.db
      .selectFrom('audit')
      .select('action')
      .where('action', '=', 'pickup.pay')
      .where('target_id', '=', String(first.body.id))
      .execute();
    expect(lines).toHaveLength(1);
  });
});
