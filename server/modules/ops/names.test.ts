import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsCustomerDetail, OpsTransaction, OpsTransactionDetail } from '../../../common/api/ops.ts';
import type { Review } from '../../../common/api/ops-reviews.ts';
import { call, ensureRates, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { fullForm, submit } from '../kyc/kyc.fixtures.ts';
import { importTestLists, sanctionsReviewOf } from '../sanctions/sanctions.fixtures.ts';
import { create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

/**
 * The back-office names people where it used to show an id or a phone: a recipient without an account by the name
 * the sender gave, the customers a review's payload points to, and a customer's identity documents with the
 * decision on them.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  op = await operator(t);
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(path: string) => {
  const res = await call<T>(t, 'GET', `/api/ops/${path}`, { token: op.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A customer with a name on their profile, funded. */
async function named(first: string, last: string) {
  const who = await customer(t, 1_000_00n);
  const res = await call(t, 'PATCH', `/api/users/${who.userId}/`, {
    token: who.token,
    body: { first_name: first, last_name: last, country: 'FR', phone_number: uniquePhone() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return who;
}

describe('names in the back-office', () => {
  it('shows a recipient without an account by the name the sender gave, the phone beside it, and finds them by it', async () => {
    const sender = await named('Nadia', 'Senderova');
    const last = `Benali${Date.now().toString(36)}`;
    const phone = uniquePhone();
    const contact = await recipientOf(t, sender, { first_name: 'Youssef', last_name: last, phone_number: phone });
    const sent = await create(t, sender, { amount: 20, contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.id as number;

    const list = await get<{ results: OpsTransaction[] }>(`transactions/?customer=${sender.userId}`);
    expect(list.results.find((row) => row.id === id)).toMatchObject({
      recipient: null,
      recipient_name: `Youssef ${last}`,
      recipient_phone_number: phone,
      sender: { id: Number(sender.userId), name: 'Nadia Senderova' },
    });
    const detail = await get<OpsTransactionDetail>(`transactions/${id}/`);
    expect(detail).toMatchObject({ recipient_name: `Youssef ${last}`, recipient_phone_number: phone });
    const searched = await get<{ results: OpsTransaction[] }>(`transactions/?search=${encodeURIComponent(last)}`);
    expect(searched.results.map((row) => row.id)).toEqual([id]);
  });

  it("names a held send's sender and recipient in its review, beside the ids the payload keeps", async () => {
    await importTestLists(t);
    const sender = await named('Salma', 'Sender');
    const contact = await recipientOf(t, sender, {
      first_name: 'Mohamed',
      last_name: 'El Hassan Zitouni',
      phone_number: uniquePhone(),
    });
    const sent = await create(t, sender, { amount: 30, contact });
    expect(sent.body.status).toBe('on_hold');
    const review = (await sanctionsReviewOf(t, op, `transaction:${String(sent.body.id)}`)) as unknown as Review;
    expect(review.payload).toMatchObject({ sender_user_id: Number(sender.userId), contact_id: contact });
    expect(review.payload_names).toEqual({
      sender_user_id: 'Salma Sender',
      contact_id: 'Mohamed El Hassan Zitouni',
    });
  });

  it('finds review items by the name of whom they are about, of the sender, or by the transaction number', async () => {
    await importTestLists(t);
    const tag = Date.now().toString(36);
    const sender = await named('Rachida', `Cherche${tag}`);
    const contact = await recipientOf(t, sender, {
      first_name: 'Mohamed',
      last_name: 'El Hassan Zitouni',
      phone_number: uniquePhone(),
    });
    const sent = await create(t, sender, { amount: 25, contact });
    expect(sent.body.status).toBe('on_hold');
    const held = `transaction:${String(sent.body.id)}`;
    const kyc = await named('Zineb', `Trouvee${tag}`);
    expect((await submit(t, kyc, fullForm(5))).status).toBe(201);
    const found = async (search: string) =>
      (await get<{ results: Review[] }>(`reviews/?state=open&search=${encodeURIComponent(search)}`)).results.map(
        (review) => review.subject,
      );
    expect(await found(`cherche${tag}`)).toEqual([held]);
    expect(await found(`rachida CHERCHE${tag}`)).toEqual([held]);
    expect(await found(String(sent.body.id))).toContain(held);
    expect(await found(`Trouvée${tag}`)).toEqual([`user:${kyc.userId}`]);
    expect(await found(`user:${kyc.userId}`)).toEqual([`user:${kyc.userId}`]);
    expect(await found(`nobody-${tag}`)).toEqual([]);
    // LIKE's own characters are text here, not wildcards.
    expect(await found('%')).toEqual([]);
  });

  it("shows a customer's identity documents with the decision, who took it, when and why", async () => {
    const who = await named('Karima', 'Documents');
    const submitted = await submit(t, who, fullForm(3));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const before = await get<OpsCustomerDetail>(`customers/${who.userId}/`);
    expect(before.documents).toEqual([
      expect.objectContaining({
        document_type: 'national_id',
        state: 'pending',
        decided_at: null,
        decided_by: null,
        reason: null,
      }),
    ]);
    expect(before.documents[0]?.files.map((file) => file.part)).toEqual(['front', 'back', 'selfie']);

    const reviews = await get<{ results: Review[] }>(
      `reviews/?state=open&kind=kyc_document&subject=user:${who.userId}`,
    );
    const reviewId = reviews.results[0]?.id;
    const decided = await opsAction(t, op, `reviews/${String(reviewId)}/approve/`, { reason: 'Pièce conforme' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const after = await get<OpsCustomerDetail>(`customers/${who.userId}/`);
    expect(after.documents).toEqual([
      expect.objectContaining({
        state: 'approved',
        review: reviewId,
        decided_by: Number(op.userId),
        decided_by_name: 'Olga Operator',
        reason: 'Pièce conforme',
        decided_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      }),
    ]);
    // The decision is on the customer's audit too, by the operator who took it.
    expect(after.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'customer.review_approved',
          actor: Number(op.userId),
          reason: 'Pièce conforme',
        }),
      ]),
    );
    // Another customer's page lists none of them.
    const other = await named('Nobody', 'Else');
    expect((await get<OpsCustomerDetail>(`customers/${other.userId}/`)).documents).toEqual([]);
  });
});
