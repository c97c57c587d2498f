import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { opsAction } from '../ops/ops.fixtures.ts';
import { balanceOf, create, customer, recipientOf, type Body } from '../transfers/transactions.fixtures.ts';
import {
  entryKindsOf,
  heldInComplianceHold as heldOf,
  sanctionsReviewOf,
  sendToListedRecipient,
  startScreeningApp,
} from './sanctions.fixtures.ts';

/**
 * Sanctions screening holds over HTTP: the lists of tests/fixtures/sanctions/ (invented names), a send to
 * a listed recipient held and then released (approve) or confirmed (reject), a customer hit, no hit for an
 * ordinary name.
 */
let t: TestApp;
let op: SignedIn;

beforeAll(async () => ({ t, op } = await startScreeningApp()));
afterAll(() => t.close());

const reviewOf = (subject: string) => sanctionsReviewOf(t, op, subject);
const detail = (s: SignedIn, id: unknown) => call(t, 'GET', `/api/transactions/${String(id)}/`, { token: s.token });
const heldInComplianceHold = async (transactionId: unknown) => ({ held: await heldOf(t, transactionId) });

describe('a send to a listed recipient', () => {
  it('is held (on_hold, compliance hold, under review for the sender) and completes as it would have on approval', async () => {
    const { sender, recipient, contact, sent: res } = await sendToListedRecipient(t, 150);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'on_hold', amount: '150.00', category: 'sending' });
    const id = res.body.id;
    expect(await balanceOf(t, sender)).toBe('850.00');
    expect(await balanceOf(t, recipient)).toBe('0.00');
    expect((await heldInComplianceHold(id))?.held).toBe('15000');
    const shown = await detail(sender, id);
    expect(shown.body.status).toBe('on_hold');
    expect(shown.body.timeline).toEqual([
      expect.objectContaining({ status: 'created' }),
      // Only that it is a compliance review: naming a sanctions check to the customer is tipping-off.
      expect.objectContaining({ status: 'on_hold', reason: 'compliance_review' }),
    ]);
    expect(JSON.stringify(shown.body)).not.toContain('sanction');
    // The recipient sees nothing of the hold's reason (nor any money).
    const list = await call<{ results: Body[] }>(t, 'GET', '/api/transactions/', { token: sender.token });
    expect(list.body.results.find((r) => r.id === id)).toMatchObject({ status: 'on_hold' });
    // Cannot be taken back while under review.
    expect((await call(t, 'POST', `/api/transactions/${String(id)}/cancel/`, { token: sender.token })).status).toBe(
      400,
    );

    const review = await reviewOf(`transaction:${String(id)}`);
    expect(review).toMatchObject({
      state: 'open',
      payload: { type: 'transfer', screened_name: 'Mohamed El Hassan Zitouni' },
    });
    const matches = (review?.payload as { matches: Body[] }).matches;
    expect(matches[0]).toMatchObject({
      entry: 'eu:900101',
      list: 'EU',
      listed_name: expect.any(String),
      birth_dates: ['1971-04-12'],
    });
    expect(matches[0]?.score).toBeGreaterThanOrEqual(0.7);
    // What the operator's screen reads: the names-only score, the list's version and date; a recipient has no
    // date of birth or nationality to compare.
    expect(matches[0]).toMatchObject({
      name_score: expect.any(Number),
      birth_date: null,
      nationality: null,
      list_version: expect.stringMatching(/^\d+$/),
      list_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, {
      reason: 'Another person: different birth date',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: true, status: 'completed' });
    expect(await balanceOf(t, recipient)).toBe('150.00');
    expect((await heldInComplianceHold(id))?.held).toBe('0');
    expect(await entryKindsOf(t, id)).toEqual(['sanctions_hold', 'sanctions_release']);
    const after = await detail(sender, id);
    expect(after.body.status).toBe('completed');
    expect((after.body.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold', 'received']);
    // Cleared for this recipient: the next send goes straight through.
    const next = await create(t, sender, { amount: 10, contact });
    expect(next.body).toMatchObject({ status: 'completed' });
  });

  it('stays held when the hit is confirmed: the recipient is frozen, a report is stored, later sends are held too', async () => {
    const sender = await customer(t, 100_000n);
    const recipient = await customer(t, 5_000n);
    const contact = await recipientOf(t, sender, {
      first_name: 'Brahim',
      last_name: 'Temlali',
      email: recipient.email,
    });
    const res = await create(t, sender, { amount: 200, contact });
    expect(res.body).toMatchObject({ status: 'on_hold' });
    const review = await reviewOf(`transaction:${String(res.body.id)}`);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, {
      reason: 'Confirmed by passport copy',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ held: true, recipient_frozen: true });
    const shown = await detail(sender, res.body.id);
    expect(shown.body.status).toBe('on_hold');
    // The sender still reads 'under review' (tipping-off); the back-office timeline has the decision.
    expect((shown.body.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold']);
    const ops = await call(t, 'GET', `/api/ops/transactions/${String(res.body.id)}/`, { token: op.token });
    expect(ops.body).toMatchObject({ status: 'on_hold', refundable: false });
    expect(ops.body.timeline).toContainEqual(
      expect.objectContaining({ event: 'transaction.review_rejected', by: op.userId }),
    );
    expect((await heldInComplianceHold(res.body.id))?.held).toBe('20000');
    expect(await entryKindsOf(t, res.body.id)).toEqual(['sanctions_hold']);
    expect(await balanceOf(t, sender)).toBe('800.00');
    expect(await balanceOf(t, recipient)).toBe('50.00');
    const report = await t.database.db
      .selectFrom('sanctions_reports')
      .selectAll()
      .where('review_id', '=', String(review?.id))
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({
      transaction_id: String(res.body.id),
      amount: '20000',
      reason: 'Confirmed by passport copy',
      screened_name: 'Brahim Temlali',
    });
    // The recipient's own money no longer moves.
    const theirs = await create(t, recipient, {
      amount: 10,
      contact: await recipientOf(t, recipient, { first_name: 'Lina', last_name: 'Ouali', email: sender.email }),
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ detail: opsMessages.accountFrozen });
    const again = await create(t, sender, { amount: 20, contact });
    expect(again.body).toMatchObject({ status: 'on_hold' });
  });

  it('holds a send to a listed recipient without an account, released to wait for their registration', async () => {
    const sender = await customer(t, 100_000n);
    const contact = await recipientOf(t, sender, {
      first_name: 'Karim',
      last_name: 'Feltani',
      email: `karim.${Date.now()}@example.com`,
    });
    const res = await create(t, sender, { amount: 50, contact });
    expect(res.body).toMatchObject({ status: 'on_hold' });
    const review = await reviewOf(`transaction:${String(res.body.id)}`);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Different person' });
    expect(decided.body.outcome).toMatchObject({ released: true, status: 'unclaimed' });
    const after = await detail(sender, res.body.id);
    expect(after.body).toMatchObject({ status: 'unclaimed', expires_at: expect.any(String) });
    // No longer under review: the timeline says it waits for the recipient (migration 0331).
    expect((after.body.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold', 'unclaimed']);
  });

  it('opens a review when the listed recipient is added, before any money moves', async () => {
    const sender = await customer(t, 10_000n);
    const contact = await recipientOf(t, sender, {
      first_name: 'Arkadi',
      last_name: 'Gravenkov',
      phone_number: '+212600000417',
    });
    const review = await reviewOf(`contact:${contact}`);
    expect(review).toMatchObject({ state: 'open', payload: { type: 'recipient', screened_name: 'Arkadi Gravenkov' } });
  });
});

describe('an ordinary recipient', () => {
  it('is not a hit: the send completes in one go', async () => {
    const sender = await customer(t, 10_000n);
    const recipient = await customer(t);
    const contact = await recipientOf(t, sender, {
      first_name: 'Fatima',
      last_name: 'Bennani',
      email: recipient.email,
    });
    const res = await create(t, sender, { amount: 25, contact });
    expect(res.body).toMatchObject({ status: 'completed' });
    expect(await reviewOf(`contact:${contact}`)).toBeUndefined();
    const row = await t.database.db
      .selectFrom('contacts')
      .select(['sanctions_hit', 'sanctions_version'])
      .where('id', '=', String(contact))
      .executeTakeFirstOrThrow();
    expect(row.sanctions_hit).toBeNull();
    expect(row.sanctions_version).not.toBeNull();
  });
});

describe('a customer hit', () => {
  const phones = new Map<string, string>();
  const patchProfile = (s: SignedIn & { email: string }, body: Body) => {
    const phone = phones.get(String(s.userId)) ?? uniquePhone();
    phones.set(String(s.userId), phone);
    return call(t, 'PATCH', `/api/users/${s.userId}/`, {
      token: s.token,
      body: { email: s.email, phone_number: phone, ...body },
    });
  };

  it('freezes the customer until reviewed; approval lifts the freeze and the name is not raised again', async () => {
    const c = await customer(t, 10_000n);
    const other = await customer(t);
    const contact = await recipientOf(t, c, { first_name: 'Nora', last_name: 'Haddad', email: other.email });
    const saved = await patchProfile(c, { first_name: 'Ibrahim', last_name: 'Ouarzazi', country: 'FR' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = await create(t, c, { amount: 10, contact });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: opsMessages.accountFrozen });
    const review = await reviewOf(`user:${c.userId}`);
    expect(review).toMatchObject({ state: 'open', payload: { type: 'customer', screened_name: 'Ibrahim Ouarzazi' } });
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, {
      reason: 'Not the listed person',
    });
    expect(decided.body.outcome).toMatchObject({ cleared: true, unfrozen: true });
    expect((await create(t, c, { amount: 10, contact })).body).toMatchObject({ status: 'completed' });
    await patchProfile(c, { first_name: 'Ibrahim', last_name: 'Ouarzazi', country: 'MA' });
    expect((await create(t, c, { amount: 10, contact })).body).toMatchObject({ status: 'completed' });
  });

  it("is the review's freeze: no operator lifts it while the review is open nor once the hit is confirmed", async () => {
    const unfreeze = (c: SignedIn) =>
      opsAction(t, op, `customers/${c.userId}/unfreeze/`, { reason: 'Customer called' });
    const refused = { status: 409, body: { detail: opsMessages.frozenByReview } };
    const c = await customer(t, 10_000n);
    await patchProfile(c, { first_name: 'Ibrahim', last_name: 'Ouarzazi', country: 'FR' });
    const review = await reviewOf(`user:${c.userId}`);
    const shown = await call(t, 'GET', `/api/ops/customers/${c.userId}/`, { token: op.token });
    expect(shown.body).toMatchObject({ frozen: true, frozen_by_review: review?.id });
    expect(await unfreeze(c)).toMatchObject(refused);
    const confirmed = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, { reason: 'Confirmed' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await unfreeze(c)).toMatchObject(refused);
    expect((await call(t, 'GET', `/api/ops/customers/${c.userId}/`, { token: op.token })).body).toMatchObject({
      frozen: true,
    });
  });

  it("leaves an operator's earlier freeze to an operator when the hit is found a false positive", async () => {
    const c = await customer(t, 10_000n);
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: 'Stolen phone' })).status).toBe(200);
    await patchProfile(c, { first_name: 'Ibrahim', last_name: 'Ouarzazi', country: 'FR' });
    const review = await reviewOf(`user:${c.userId}`);
    const unfreeze = () => opsAction(t, op, `customers/${c.userId}/unfreeze/`, { reason: 'Phone found' });
    expect(await unfreeze()).toMatchObject({ status: 409, body: { detail: opsMessages.frozenByReview } });
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Not the person' });
    expect(decided.body.outcome).toMatchObject({ cleared: true, unfrozen: false });
    const after = await unfreeze();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toMatchObject({ frozen: false, frozen_by_review: null });
  });

  it('stays frozen when confirmed, with a report', async () => {
    const c = await customer(t, 10_000n);
    await patchProfile(c, { first_name: 'Mohammed', last_name: 'Zaytouni', country: 'FR' });
    const review = await reviewOf(`user:${c.userId}`);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, { reason: 'Confirmed' });
    expect(decided.body.outcome).toMatchObject({ frozen: true });
    const user = await t.database.db
      .selectFrom('users')
      .select(['frozen_at'])
      .where('id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(user.frozen_at).not.toBeNull();
    expect(
      await t.database.db
        .selectFrom('sanctions_reports')
        .select('id')
        .where('user_id', '=', String(c.userId))
        .executeTakeFirst(),
    ).toBeDefined();
  });
});
