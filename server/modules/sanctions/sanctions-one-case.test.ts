import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { opsAction } from '../ops/ops.fixtures.ts';
import { balanceOf, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { heldInComplianceHold, sanctionsReviewOf, startScreeningApp } from './sanctions.fixtures.ts';

/**
 * One recipient's sanctions hit is one case: the review opened when the recipient was added and the review of each
 * send held for them are decided together, so nothing stays counted as waiting once an operator has looked, and an
 * approval never carries over to matches the operator did not see.
 */
let t: TestApp;
let op: SignedIn;

beforeAll(async () => ({ t, op } = await startScreeningApp()));
afterAll(() => t.close());

const reviewOf = (subject: string) => sanctionsReviewOf(t, op, subject);
const stateOf = async (subject: string) => (await reviewOf(subject))?.state;
const openReviews = async () =>
  (await call<{ open_reviews: number }>(t, 'GET', '/api/ops/dashboard/', { token: op.token })).body.open_reviews;

/** A sender, a listed recipient with an account (its review opened when added) and one send held for them. */
async function heldCase(amount = 120) {
  const sender = await customer(t, 100_000n);
  const recipient = await customer(t);
  const contact = await recipientOf(t, sender, { first_name: 'Brahim', last_name: 'Temlali', email: recipient.email });
  const send = await create(t, sender, { amount, contact });
  expect(send.body).toMatchObject({ status: 'on_hold' });
  const recipientReview = await reviewOf(`contact:${contact}`);
  const sendReview = await reviewOf(`transaction:${String(send.body.id)}`);
  expect(recipientReview).toMatchObject({ state: 'open', payload: { type: 'recipient' } });
  expect(sendReview).toMatchObject({ state: 'open', payload: { type: 'transfer' } });
  return { sender, recipient, contact, id: send.body.id as number, recipientReview, sendReview };
}

describe("a recipient's hit and the sends held for it", () => {
  it("releasing the send clears the recipient's review too, and the dashboard no longer counts either", async () => {
    const c = await heldCase();
    const before = await openReviews();
    const decided = await opsAction(t, op, `reviews/${String(c.sendReview?.id)}/approve/`, {
      reason: 'Different person: another birth date',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: true, decided_with: [c.recipientReview?.id] });
    expect(await balanceOf(t, c.recipient)).toBe('120.00');
    const recipientReview = await reviewOf(`contact:${c.contact}`);
    expect(recipientReview).toMatchObject({
      state: 'approved',
      decided_by: op.userId,
      reason: 'Different person: another birth date',
    });
    expect(await openReviews()).toBe(before - 2);
    // Each item has its own audit line, the carried-over one naming the decision it came with.
    const audit = await call<{ results: { after: { outcome: Record<string, unknown> } }[] }>(
      t,
      'GET',
      `/api/ops/audit/?action=review.approve&target_type=review&target_id=${String(c.recipientReview?.id)}`,
      { token: op.token },
    );
    expect(audit.body.results[0]?.after.outcome).toMatchObject({ decided_with_review: c.sendReview?.id });
    // The transaction's back-office page shows its review and the decision, in its timeline and its audit.
    const page = await call<{ reviews: unknown[]; timeline: { event: string }[]; events: unknown[] }>(
      t,
      'GET',
      `/api/ops/transactions/${String(c.id)}/`,
      { token: op.token },
    );
    expect(page.body.reviews).toEqual([
      expect.objectContaining({
        id: c.sendReview?.id,
        kind: 'sanctions_hit',
        state: 'approved',
        decided_by_name: 'Olga Operator',
      }),
    ]);
    expect(page.body.timeline.map((step) => step.event)).toEqual(
      expect.arrayContaining(['created', 'on_hold', 'transaction.review_approved']),
    );
    expect(page.body.timeline).toContainEqual(
      expect.objectContaining({ event: 'transaction.review_approved', by: op.userId, by_name: 'Olga Operator' }),
    );
    expect(page.body.events).toContainEqual(expect.objectContaining({ action: 'transaction.review_approved' }));
  });

  it("approving the recipient's review releases every send held for that same hit", async () => {
    const c = await heldCase(80);
    const second = await create(t, c.sender, { amount: 30, contact: c.contact });
    expect(second.body).toMatchObject({ status: 'on_hold' });
    const decided = await opsAction(t, op, `reviews/${String(c.recipientReview?.id)}/approve/`, {
      reason: 'Different person',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ cleared: true });
    expect((decided.body.outcome as { decided_with: number[] }).decided_with).toHaveLength(2);
    expect(await stateOf(`transaction:${String(c.id)}`)).toBe('approved');
    expect(await stateOf(`transaction:${String(second.body.id)}`)).toBe('approved');
    expect(await balanceOf(t, c.recipient)).toBe('110.00');
    expect(await heldInComplianceHold(t, c.id)).toBe('0');
  });

  it('confirming the hit on the send confirms the recipient too: the money stays held, each item reported', async () => {
    const c = await heldCase(60);
    const decided = await opsAction(t, op, `reviews/${String(c.sendReview?.id)}/reject/`, {
      reason: 'Confirmed by passport copy',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await stateOf(`contact:${c.contact}`)).toBe('rejected');
    expect(await heldInComplianceHold(t, c.id)).toBe('6000');
    const reports = await t.database.db
      .selectFrom('sanctions_reports')
      .select('review_id')
      .where('contact_id', '=', String(c.contact))
      .execute();
    expect(reports.map((r) => Number(r.review_id)).sort()).toEqual(
      [c.recipientReview?.id, c.sendReview?.id].map(Number).sort(),
    );
  });

  it('an approval does not carry over to a send whose screening found an entry the operator did not see', async () => {
    const c = await heldCase(40);
    // The send screened against a newer list: one match more than the recipient's review showed.
    await sql`UPDATE reviews SET payload = jsonb_set(payload, '{matches}', (payload -> 'matches') || '[{"entry": "eu:999999"}]'::jsonb)
              WHERE id = ${String(c.sendReview?.id)}`.execute(t.database.db);
    const decided = await opsAction(t, op, `reviews/${String(c.recipientReview?.id)}/approve/`, {
      reason: 'Different person',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).not.toHaveProperty('decided_with');
    expect(await stateOf(`transaction:${String(c.id)}`)).toBe('open');
    const still = await call(t, 'GET', `/api/ops/transactions/${String(c.id)}/`, { token: op.token });
    expect(still.body).toMatchObject({ status: 'on_hold' });
    expect(await heldInComplianceHold(t, c.id)).toBe('4000');
  });
});
