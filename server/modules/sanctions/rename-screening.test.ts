import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { call, ensureRates, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { operator, opsAction } from '../ops/ops.fixtures.ts';
import { pay, type Tx } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { openReference, pickupKeys } from '../transfers/methods/cash-pickup/pickup-secrets.ts';
import { agency, CODE, create, customer, recipientOf, teller, type Body } from '../transfers/transactions.fixtures.ts';
import { importList, importTestLists, sanctionsFixtures, sanctionsReviewOf } from './sanctions.fixtures.ts';

/**
 * A false positive is cleared for the exact name an operator decided on: a recipient, a pickup or a customer renamed
 * afterwards is screened again before money moves, and a hit holds as any. The UN fixture lists 'ABDELHAFID SALIM
 * QASRAWI' (invented): 'Salim Qasrawi' is a hit an operator may clear, the full name matches outright.
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
  const un = await importList(t, ['--format', 'un', join(sanctionsFixtures, 'un-consolidated.xml')]);
  expect(un.code, un.output).toBe(0);
});
afterAll(async () => {
  await t.close();
});

const openReview = async (subject: string) => {
  const review = await sanctionsReviewOf(t, op, subject);
  expect(review, `an open review of ${subject}`).toMatchObject({ state: 'open' });
  return review as NonNullable<typeof review>;
};
const approve = async (subject: string) => {
  const review = await openReview(subject);
  const decided = await opsAction(t, op, `reviews/${review.id}/approve/`, { reason: 'Another person: birth date' });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return review;
};
const statusOf = async (id: number) =>
  (
    await t.database.db
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow()
  ).status;
const rename = (s: SignedIn, id: number, first_name: string, last_name: string) =>
  call(t, 'POST', `/api/transactions/${id}/recipient_name/`, {
    token: s.token,
    body: { first_name, last_name, security_code: CODE },
  });
const notPayable = { status: 409, body: { detail: pickupMessages.notPayable } };
const referenceOf = async (id: number) => {
  const row = await t.database.db
    .selectFrom('pickups')
    .select('reference_sealed')
    .where('transaction_id', '=', String(id))
    .executeTakeFirstOrThrow();
  return openReference(pickupKeys(t.config.SECRET_KEY), row.reference_sealed) ?? '';
};

/** A pickup to 'Salim Qasrawi', held at creation and cleared by an operator as a false positive. */
async function clearedPickup() {
  const sender = await customer(t, 100_000n);
  const contact = await recipientOf(t, sender, {
    first_name: 'Salim',
    last_name: 'Qasrawi',
    phone_number: uniquePhone(),
  });
  const res = await create(t, sender, { amount: 50, contact, delivery: 'cash_pickup' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const tx = res.body as Tx;
  expect(tx.status).toBe('on_hold');
  const review = await approve(`transaction:${tx.id}`);
  expect(await statusOf(tx.id)).toBe('available');
  return { sender, tx, review };
}

describe('a pickup cleared as a false positive', () => {
  it('is held again when renamed to a name the clearance did not cover, and cannot be paid at the counter', async () => {
    const { sender, tx, review: first } = await clearedPickup();

    // The same name, written another way (case, spacing): the operator's decision still covers it.
    expect((await rename(sender, tx.id, 'SALIM', ' qasrawi')).status).toBe(200);
    expect(await statusOf(tx.id)).toBe('available');

    const renamed = await rename(sender, tx.id, 'Abdelhafid Salim', 'Qasrawi');
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await statusOf(tx.id)).toBe('on_hold');
    const again = await openReview(`transaction:${tx.id}`);
    expect(again.id).not.toBe(first.id);
    expect(again.payload).toMatchObject({ type: 'pickup', screened_name: 'Abdelhafid Salim Qasrawi' });
    const reference = await referenceOf(tx.id);
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
  });

  it('is screened again at the counter when its name changed without a screening of its own', async () => {
    const { tx } = await clearedPickup();
    // Whatever code renames it, the screening of the old name is forgotten.
    await t.database.db
      .updateTable('pickups')
      .set({ recipient_first_name: 'Abdelhafid Salim' })
      .where('transaction_id', '=', String(tx.id))
      .execute();
    const screened = await t.database.db
      .selectFrom('pickups')
      .select('sanctions_version')
      .where('transaction_id', '=', String(tx.id))
      .executeTakeFirstOrThrow();
    expect(screened.sanctions_version).toBeNull();
    const reference = await referenceOf(tx.id);
    expect(await pay(t, reference, counter)).toMatchObject(notPayable);
    expect(await statusOf(tx.id)).toBe('on_hold');
  });
});

describe('a recipient cleared as a false positive', () => {
  it('is screened again once renamed: the next send is held', async () => {
    const sender = await customer(t, 100_000n);
    const other = await customer(t);
    const contact = await recipientOf(t, sender, { first_name: 'Salim', last_name: 'Qasrawi', email: other.email });
    await approve(`contact:${contact}`);
    expect((await create(t, sender, { amount: 10, contact })).body).toMatchObject({ status: 'completed' });
    await t.database.db
      .updateTable('contacts')
      .set({ first_name: 'Abdelhafid Salim' })
      .where('id', '=', String(contact))
      .execute();
    const held = await create(t, sender, { amount: 10, contact });
    expect(held.body).toMatchObject({ status: 'on_hold' });
    expect((await openReview(`transaction:${String(held.body.id)}`)).payload).toMatchObject({
      type: 'transfer',
      screened_name: 'Abdelhafid Salim Qasrawi',
    });
  });
});

describe('a customer cleared as a false positive', () => {
  const patchProfile = (s: SignedIn & { email: string }, phone: string, body: Body) =>
    call(t, 'PATCH', `/api/users/${s.userId}/`, {
      token: s.token,
      body: { email: s.email, phone_number: phone, country: 'MA', ...body },
    });

  it('who renames themselves is screened again and frozen under a new review', async () => {
    const c = await customer(t, 10_000n);
    const other = await customer(t);
    const phone = uniquePhone();
    const contact = await recipientOf(t, c, { first_name: 'Nora', last_name: 'Haddad', email: other.email });
    expect((await patchProfile(c, phone, { first_name: 'Salim', last_name: 'Qasrawi' })).status).toBe(200);
    const first = await approve(`user:${c.userId}`);
    expect((await create(t, c, { amount: 10, contact })).body).toMatchObject({ status: 'completed' });
    // Saving the cleared name again changes nothing.
    expect((await patchProfile(c, phone, { first_name: 'Salim', last_name: 'Qasrawi' })).status).toBe(200);
    expect((await create(t, c, { amount: 10, contact })).body).toMatchObject({ status: 'completed' });

    const saved = await patchProfile(c, phone, { first_name: 'Abdelhafid Salim', last_name: 'Qasrawi' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = await create(t, c, { amount: 10, contact });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: opsMessages.accountFrozen });
    const again = await openReview(`user:${c.userId}`);
    expect(again.id).not.toBe(first.id);
    expect(again.payload).toMatchObject({ type: 'customer', screened_name: 'Abdelhafid Salim Qasrawi' });
  });
});
