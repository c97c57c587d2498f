import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { reviewMessages } from '../../../common/api/ops-reviews.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { call, ensureRates, otherCode, testEnv, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { conflict } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { openReview, registerReviewKind, unregisterReviewKind } from '../reviews/reviews.service.ts';
import { agency, CODE, customer, teller } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
let op: SignedIn;
let second: SignedIn;
// A kind of this test's own: its handler counts its runs and writes through the decision's transaction.
const decisions: { id: string; decision: string }[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  [op, second] = await Promise.all([operator(t), operator(t)]);
  registerReviewKind('test_hold', {
    async decide({ tx, review, decision, now }) {
      decisions.push({ id: review.id, decision });
      // A write in the same transaction: it must commit with the decision, or vanish with a refused one.
      await openReview(tx, { kind: 'test_followup', subject: review.subject, payload: { after: review.id } }, now);
      if (review.payload.refuse === true) throw conflict('The held transfer has moved on.');
      return { released: decision === 'approved' };
    },
  });
});
afterAll(async () => {
  unregisterReviewKind('test_hold');
  await t.close();
});

type Body = Record<string, unknown>;
type Page = { count: number; previous: string | null; results: Body[] };
const open = (
  kind: string,
  subject: string,
  payload: Body = {},
  extra: { dedupeKey?: string; openedBy?: string } = {},
) => withTransaction(t.database.db, (tx) => openReview(tx, { kind, subject, payload, ...extra }, new Date()));
const list = (q: string, as = op) => call<Page>(t, 'GET', `/api/ops/reviews/${q}`, { token: as.token });
const subjectTag = () => `user:${uniqueEmail('s').slice(2, 12)}`;

describe('reviews/ queue', () => {
  it('lists open items by kind and subject, newest first, paged with count; shows one', async () => {
    const subject = subjectTag();
    const a = await open('sanctions_hit', subject, { list: 'OFAC', score: 0.93 });
    const b = await open('kyc_document', subject, { document: 'passport' });
    const res = await list(`?state=open&subject=${subject}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((r) => r.id)).toEqual([Number(b.id), Number(a.id)]);
    const byKind = await list(`?state=open&kind=sanctions_hit&subject=${subject}`);
    expect(byKind.body.results).toEqual([
      expect.objectContaining({
        id: Number(a.id),
        kind: 'sanctions_hit',
        subject,
        payload: { list: 'OFAC', score: 0.93 },
        state: 'open',
        decided_by: null,
        decided_at: null,
        reason: null,
      }),
    ]);
    const paged = await list(`?subject=${subject}&page_size=1&page=2`);
    expect(paged.body).toMatchObject({ count: 2, results: [{ id: Number(a.id) }] });
    expect(paged.body.previous).not.toBeNull();
    const one = await call(t, 'GET', `/api/ops/reviews/${a.id}/`, { token: op.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: Number(a.id), kind: 'sanctions_hit', state: 'open' });
    expect((await call(t, 'GET', '/api/ops/reviews/999999999/', { token: op.token })).status).toBe(404);
    expect((await list('?state=pending')).status).toBe(400);
    expect((await list('?kind=Bad-Kind')).status).toBe(400);
  });

  it('opens one item per dedupe key while it is open', async () => {
    const subject = subjectTag();
    const first = await open('monitoring', subject, {}, { dedupeKey: `${subject}:velocity` });
    const again = await open('monitoring', subject, {}, { dedupeKey: `${subject}:velocity` });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect((await opsAction(t, op, `reviews/${first.id}/reject/`, { reason: 'Not suspicious' })).status).toBe(200);
    const reopened = await open('monitoring', subject, {}, { dedupeKey: `${subject}:velocity` });
    expect(reopened.created).toBe(true);
    expect(reopened.id).not.toBe(first.id);
  });
});

describe('reviews/{id}/approve/ and reject/', () => {
  it("approves once, runs the kind's handler in the same transaction, and writes the audit line", async () => {
    const subject = subjectTag();
    const { id } = await open('test_hold', subject, { transaction: 17 });
    const res = await opsAction(t, op, `reviews/${id}/approve/`, { reason: 'Name differs from the list' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      review: { id: Number(id), state: 'approved', decided_by: op.userId, reason: 'Name differs from the list' },
      outcome: { released: true },
    });
    expect(decisions.filter((d) => d.id === id)).toEqual([{ id, decision: 'approved' }]);
    expect((await list(`?kind=test_followup&subject=${subject}`)).body.count).toBe(1);
    const audit = await call<Page>(
      t,
      'GET',
      `/api/ops/audit/?action=review.approve&target_type=review&target_id=${id}`,
      {
        token: op.token,
      },
    );
    expect(audit.body.results).toEqual([
      expect.objectContaining({
        actor: op.userId,
        action: 'review.approve',
        reason: 'Name differs from the list',
        before: { state: 'open', kind: 'test_hold', subject },
        after: { state: 'approved', kind: 'test_hold', subject, outcome: { released: true } },
      }),
    ]);
    // Decided: a second decision, either way, is a 409 and the handler does not run again.
    for (const path of ['approve', 'reject']) {
      const again = await opsAction(t, second, `reviews/${id}/${path}/`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: reviewMessages.decided });
    }
    expect(decisions.filter((d) => d.id === id)).toHaveLength(1);
  });

  it('rejects with a reason; a kind without a handler is only recorded', async () => {
    const { id } = await open('test_unhandled', subjectTag(), { document: 'passport' });
    const res = await opsAction(t, second, `reviews/${id}/reject/`, { reason: 'Blurred photo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ review: { state: 'rejected', decided_by: second.userId }, outcome: null });
    const audit = await call<Page>(t, 'GET', `/api/ops/audit/?action=review.reject&target_id=${id}`, {
      token: op.token,
    });
    expect(audit.body.results[0]).toMatchObject({ actor: second.userId, reason: 'Blurred photo' });
  });

  it('two operators deciding at once: exactly one wins, the other gets a 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await open('test_hold', subjectTag());
      const answers = await Promise.all([
        opsAction(t, op, `reviews/${id}/approve/`),
        opsAction(t, second, `reviews/${id}/reject/`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body).toEqual({ detail: reviewMessages.decided });
      expect(decisions.filter((d) => d.id === id)).toHaveLength(1);
      const lines = await call<Page>(t, 'GET', `/api/ops/audit/?target_type=review&target_id=${id}`, {
        token: op.token,
      });
      expect(lines.body.count).toBe(1);
    }
  });

  it("a handler's refusal leaves the item open and undoes the handler's writes", async () => {
    const subject = subjectTag();
    const { id } = await open('test_hold', subject, { refuse: true });
    const res = await opsAction(t, op, `reviews/${id}/approve/`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'The held transfer has moved on.' });
    expect((await call(t, 'GET', `/api/ops/reviews/${id}/`, { token: op.token })).body).toMatchObject({
      state: 'open',
    });
    expect((await list(`?kind=test_followup&subject=${subject}`)).body.count).toBe(0);
    expect(
      (await call<Page>(t, 'GET', `/api/ops/audit/?target_type=review&target_id=${id}`, { token: op.token })).body
        .count,
    ).toBe(0);
  });

  it('the operator who opened an item by hand cannot decide it', async () => {
    const { id } = await open('monitoring', subjectTag(), {}, { openedBy: String(op.userId) });
    const own = await opsAction(t, op, `reviews/${id}/approve/`);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ detail: reviewMessages.ownItem });
    expect((await opsAction(t, second, `reviews/${id}/approve/`)).status).toBe(200);
  });

  it('needs a reason and the security code (a wrong one counts toward the lockout); auditors, customers and tellers are refused', async () => {
    const { id } = await open('kyc_document', subjectTag());
    const noReason = await opsAction(t, op, `reviews/${id}/approve/`, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ reason: [opsMessages.reasonRequired] });
    const noCode = await opsAction(t, op, `reviews/${id}/approve/`, { security_code: '12' });
    expect(noCode.status).toBe(400);
    const someone = await operator(t);
    const wrong = await opsAction(t, someone, `reviews/${id}/approve/`, { security_code: otherCode(CODE) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });

    const auditor = await operator(t, 'AUDITOR');
    expect((await list('?state=open', auditor)).status).toBe(200);
    const write = await opsAction(t, auditor, `reviews/${id}/approve/`);
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: opsMessages.auditorReadOnly });
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    for (const who of [c, banker]) {
      expect((await list('', who)).status).toBe(403);
      expect((await opsAction(t, who, `reviews/${id}/approve/`)).status).toBe(403);
    }
    expect((await call(t, 'GET', `/api/ops/reviews/${id}/`, { token: op.token })).body).toMatchObject({
      state: 'open',
    });
  });

  it("a decision about a customer is on the customer's page, and the queue names them", async () => {
    const c = await customer(t);
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Nadia', last_name: 'Benali' })
      .where('id', '=', String(c.userId))
      .execute();
    const { id } = await open('test_unhandled', `user:${c.userId}`, { document: 'passport' });
    expect((await list(`?subject=user:${c.userId}`)).body.results[0]).toMatchObject({ subject_name: 'Nadia Benali' });
    expect((await opsAction(t, op, `reviews/${id}/approve/`, { reason: 'Documents match' })).status).toBe(200);
    const page = await call<{ events: Record<string, unknown>[] }>(t, 'GET', `/api/ops/customers/${c.userId}/`, {
      token: op.token,
    });
    expect(page.body.events).toContainEqual(
      expect.objectContaining({
        action: 'customer.review_approved',
        reason: 'Documents match',
        after: { review: Number(id), kind: 'test_unhandled', outcome: null },
      }),
    );
  });
});
