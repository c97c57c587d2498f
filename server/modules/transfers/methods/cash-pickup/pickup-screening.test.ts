import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupMessages } from '../../../../../common/api/pickups.ts';
import { call, ensureRates, testEnv, uniquePhone, type SignedIn } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { operator, opsAction } from '../../../ops/ops.fixtures.ts';
import { heldInComplianceHold, importTestLists, sanctionsReviewOf } from '../../../sanctions/sanctions.fixtures.ts';
import { agency, balanceOf, CODE, create, customer, recipientOf, teller } from '../../transactions.fixtures.ts';
import { openReference, pickupKeys } from './pickup-secrets.ts';
import { detail, lookup, outbox, pay, reserve, sentPickup, type Tx } from './pickups.fixtures.ts';

/**
 * Cash pickups screened against the sanctions lists, with the invented names of
 * tests/fixtures/sanctions/: held at creation, at a name correction, and at the counter when the lists changed since
 * the last screening; what the teller and the sender read (nothing of why: tipping-off); approve and reject.
 */
let t: TestApp;
let op: SignedIn;
let counter: SignedIn;

beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  op = await operator(t);
  counter = await teller(t, await agency(t));
  await importTestLists(t);
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const reviewOf = async (id: number) => {
  const review = await sanctionsReviewOf(t, op, `transaction:${id}`);
  if (review === undefined) throw new Error(`no sanctions review of transaction ${id}`);
  return review;
};
const stored = (id: number) =>
  t.database.db
    .selectFrom('transactions as t')
    .innerJoin('pickups as p', 'p.transaction_id', 't.id')
    .select(['t.status', 't.expires_at', 'p.live', 'p.reference_sealed', 'p.sanctions_version'])
    .where('t.id', '=', String(id))
    .executeTakeFirstOrThrow();
const referenceOf = async (id: number) =>
  openReference(pickupKeys(t.config.SECRET_KEY), (await stored(id)).reference_sealed) ?? '';
const heldAmount = (id: number) => heldInComplianceHold(t, id);
const notices = async (s: SignedIn, id: number) => {
  const res = await call<{ results: { kind: string; transaction: number | null; title: string; body: string }[] }>(
    t,
    'GET',
    '/api/notifications/?lang=en',
    { token: s.token },
  );
  return res.body.results.filter((n) => n.transaction === id);
};
const notPayable = { status: 409, body: { detail: pickupMessages.notPayable } };

describe('a cash pickup to a listed recipient', () => {
  it('is held at creation: no SMS, no expiry, not payable; approval makes it available for 30 days and texts the recipient', async () => {
    const sender = await customer(t, 100_000n);
    const phone = uniquePhone();
    // The EU entry "Mohammed Al-Hassan Zaytouni", written as a sender would.
    const contact = await recipientOf(t, sender, {
      first_name: 'Mohamed',
      last_name: 'El Hassan Zitouni',
      phone_number: phone,
    });
    const res = await create(t, sender, { amount: 50, contact, delivery: 'cash_pickup' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tx = res.body as Tx;
    expect(tx).toMatchObject({ status: 'on_hold', pickup_reference: null, expires_at: null });
    expect(await balanceOf(t, sender)).toBe('950.00');
    expect(await heldAmount(tx.id)).toBe('5000');
    expect(await stored(tx.id)).toMatchObject({ status: 'on_hold', expires_at: null, live: true });
    const reference = await referenceOf(tx.id);

    // The counter reads only that it cannot be paid out.
    const seen = await lookup(t, reference, counter);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'not_payable', expires_at: null });
    expect(await reserve(t, reference, counter)).toMatchObject(notPayable);
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
    // The sender: under review, a routine check, nothing of sanctions; told once.
    const shown = await detail(t, sender, tx.id);
    expect(shown.body.timeline).toEqual([
      expect.objectContaining({ status: 'created' }),
      expect.objectContaining({ status: 'on_hold', reason: 'compliance_review' }),
    ]);
    expect(JSON.stringify(shown.body)).not.toContain('sanction');
    const held = await notices(sender, tx.id);
    expect(held.map((n) => n.kind)).toEqual(['transfer_on_hold']);
    // Neutral (tipping-off): being processed, the amount, not who is checked nor that anything is.
    expect(held[0]?.body).toContain('50.00\u00A0MAD');
    expect(`${held[0]?.title} ${held[0]?.body}`).not.toMatch(/Zitouni|sanction|list|suspect|check|review/i);
    // No SMS to the recipient while held.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox(t, phone, 0)).toEqual([]);

    const review = await reviewOf(tx.id);
    expect(review).toMatchObject({
      state: 'open',
      payload: { type: 'pickup', screened_name: 'Mohamed El Hassan Zitouni', amount: '5000' },
    });
    const decided = await opsAction(t, op, `reviews/${review.id}/approve/`, { reason: 'Another person: birth date' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: true, status: 'available' });
    expect(await heldAmount(tx.id)).toBe('0');
    const after = (await detail(t, sender, tx.id)).body;
    expect(after).toMatchObject({ status: 'available', pickup_reference: reference });
    const ttl = Date.parse(String(after.expires_at)) - Date.now();
    expect(ttl).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect((after.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold', 'available']);
    const [sms] = await outbox(t, phone);
    expect(sms?.body).toContain(`${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`);
    expect((await notices(sender, tx.id)).map((n) => n.kind).sort()).toEqual(['transfer_on_hold', 'transfer_released']);
    // Paid out as any pickup.
    expect((await pay(t, reference, counter)).status).toBe(200);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('is held when its name is corrected to a listed one; a confirmed hit kills the reference and stores a report', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    const renamed = await call(t, 'POST', `/api/transactions/${tx.id}/recipient_name/`, {
      token: alice.token,
      body: { first_name: 'Brahim', last_name: 'Temlali', security_code: CODE },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await stored(tx.id)).toMatchObject({ status: 'on_hold', expires_at: null });
    expect(await heldAmount(tx.id)).toBe('5000');
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
    const review = await reviewOf(tx.id);
    expect(review.payload).toMatchObject({ type: 'pickup', screened_name: 'Brahim Temlali' });
    const decided = await opsAction(t, op, `reviews/${review.id}/reject/`, { reason: 'Confirmed by the ID copy' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: false, held: true });
    expect(await stored(tx.id)).toMatchObject({ status: 'on_hold', live: false });
    expect(await heldAmount(tx.id)).toBe('5000');
    const report = await t.database.db
      .selectFrom('sanctions_reports')
      .selectAll()
      .where('review_id', '=', String(review.id))
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ transaction_id: String(tx.id), screened_name: 'Brahim Temlali', amount: '5000' });
    // Still not payable, and the sender was told only of the hold.
    expect((await lookup(t, reference, counter)).body).toMatchObject({ status: 'not_payable' });
    expect((await notices(alice, tx.id)).map((n) => n.kind)).toEqual(['transfer_on_hold']);
  });

  it('freezes a registered recipient when the hit is confirmed', async () => {
    const sender = await customer(t, 100_000n);
    const recipient = await customer(t, 1_000n);
    const contact = await recipientOf(t, sender, {
      first_name: 'Karim',
      last_name: 'Feltani',
      phone_number: uniquePhone(),
      email: recipient.email,
    });
    const res = await create(t, sender, { amount: 20, contact, delivery: 'cash_pickup' });
    expect(res.body).toMatchObject({ status: 'on_hold' });
    const review = await reviewOf((res.body as Tx).id);
    const decided = await opsAction(t, op, `reviews/${review.id}/reject/`, { reason: 'Confirmed' });
    expect(decided.body.outcome).toMatchObject({ recipient_frozen: true });
  });
});

describe('at the counter', () => {
  it('screens again a pickup screened before the lists changed: a hit is held and the payout refused', async () => {
    const { tx, reference } = await sentPickup(t);
    expect((await stored(tx.id)).sanctions_version).not.toBeNull();
    // As if screened against an older list, under a name the current one lists (the ID's name, confirmed by the teller).
    await t.database.db
      .updateTable('pickups')
      .set({ recipient_first_name: 'Karim', recipient_last_name: 'Feltani', sanctions_version: '0' })
      .where('transaction_id', '=', String(tx.id))
      .execute();
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
    expect(await stored(tx.id)).toMatchObject({ status: 'on_hold', expires_at: null });
    expect((await reviewOf(tx.id)).payload).toMatchObject({ type: 'pickup', screened_name: 'Karim Feltani' });
  });

  it('pays an ordinary pickup screened before the lists changed, once screened again', async () => {
    const { tx, reference } = await sentPickup(t);
    await t.database.db
      .updateTable('pickups')
      .set({ sanctions_version: '0' })
      .where('transaction_id', '=', String(tx.id))
      .execute();
    expect((await reserve(t, reference, counter)).status).toBe(200);
    expect((await stored(tx.id)).sanctions_version).not.toBe('0');
    expect((await pay(t, reference, counter)).status).toBe(200);
  });
});
