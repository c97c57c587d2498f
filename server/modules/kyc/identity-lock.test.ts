import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycMessages } from '../../../common/api/kyc.ts';
import { profileMessages } from '../../../common/api/messages.ts';
import { call, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { opsAction } from '../ops/ops.fixtures.ts';
import { startScreeningApp } from '../sanctions/sanctions.fixtures.ts';
import { customer, type Body } from '../transfers/transactions.fixtures.ts';
import { fullForm, submit } from './kyc.fixtures.ts';

/**
 * ADR 018 over HTTP: a verified customer's name, date of birth and country are locked on the profile; they change
 * through a new identity document, the level and the verified identity staying until an operator decides.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startScreeningApp()));
afterAll(() => t.close());

type Customer = SignedIn & { email: string; phone: string };
const patch = (c: Customer, body: Body) =>
  call(t, 'PATCH', `/api/users/${c.userId}/`, {
    token: c.token,
    body: { email: c.email, phone_number: c.phone, first_name: 'Alice', last_name: 'Martin', country: 'FR', ...body },
  });
const me = async (c: Customer) =>
  (await call<{ results: Body[] }>(t, 'GET', '/api/users/', { token: c.token })).body.results[0];
const openKycReview = async (c: Customer) => {
  const res = await call<{ results: { id: number; payload: Body }[] }>(
    t,
    'GET',
    `/api/ops/reviews/?state=open&kind=kyc_document&subject=user:${c.userId}`,
    { token: op.token },
  );
  expect(res.body.results).toHaveLength(1);
  return res.body.results[0] as { id: number; payload: Body };
};
const decide = async (c: Customer, decision: 'approve' | 'reject') => {
  const review = await openKycReview(c);
  const res = await opsAction(t, op, `reviews/${review.id}/${decision}/`, { reason: 'Checked against the document' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** 'Alice Martin', France, verified (level 2). */
async function verified(): Promise<Customer> {
  const c = { ...(await customer(t, 10_000n)), phone: uniquePhone() };
  expect((await patch(c, {})).status).toBe(200);
  expect((await submit(t, c, fullForm(3))).status).toBe(201);
  await decide(c, 'approve');
  expect(await me(c)).toMatchObject({ level: 2 });
  return c;
}

describe('a verified identity', () => {
  it('cannot be renamed or moved to another country on the profile: 409 on each locked field, nothing saved', async () => {
    const c = await verified();
    const res = await patch(c, { first_name: 'Totally', last_name: 'Different', country: 'US' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      first_name: [profileMessages.identityVerified],
      last_name: [profileMessages.identityVerified],
      country: [profileMessages.identityVerified],
    });
    expect(await me(c)).toMatchObject({ first_name: 'Alice', last_name: 'Martin', country: 'FR', level: 2 });
    // The same identity sent again, as the profile form does, is saved.
    expect((await patch(c, {})).status).toBe(200);
  });

  it('changes through a new document: level and identity stay until approved, then the profile takes the new one', async () => {
    const c = await verified();
    const form = { ...fullForm(5), last_name: 'Durand', date_of_birth: '1990-04-13' };
    const sent = await submit(t, c, form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ state: 'pending', level: 2, profile: { date_of_birth: '1990-04-12' } });
    expect(await me(c)).toMatchObject({ last_name: 'Martin', level: 2 });
    // Under review, the profile cannot move either.
    expect((await patch(c, { last_name: 'Durand' })).status).toBe(409);
    const review = await openKycReview(c);
    expect(review.payload).toMatchObject({
      profile: { first_name: 'Alice', last_name: 'Durand', date_of_birth: '1990-04-13' },
      replaces: { last_name: 'Martin', date_of_birth: '1990-04-12' },
    });
    await decide(c, 'approve');
    expect(await me(c)).toMatchObject({ first_name: 'Alice', last_name: 'Durand', level: 2 });
    expect((await call(t, 'GET', '/api/kyc/', { token: c.token })).body).toMatchObject({
      profile: { date_of_birth: '1990-04-13' },
    });
  });

  it('keeps its identity and its level when the new document is rejected', async () => {
    const c = await verified();
    expect((await submit(t, c, { ...fullForm(6), first_name: 'Totally', country: 'US' })).status).toBe(201);
    await decide(c, 'reject');
    expect(await me(c)).toMatchObject({ first_name: 'Alice', last_name: 'Martin', country: 'FR', level: 2 });
  });

  it('refuses a new document that changes nothing of it', async () => {
    const c = await verified();
    expect(await submit(t, c, fullForm(8))).toMatchObject({ status: 409, body: { detail: kycMessages.verified } });
  });

  it('screens the new identity on approval: a listed name freezes the account', async () => {
    const c = await verified();
    expect(
      (await submit(t, c, { ...fullForm(9), first_name: 'Mohammed', last_name: 'Al-Hassan Zaytouni' })).status,
    ).toBe(201);
    await decide(c, 'approve');
    const user = await t.database.db
      .selectFrom('users')
      .select(['frozen_at', 'frozen_by_review'])
      .where('id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(user.frozen_at).not.toBeNull();
    expect(user.frozen_by_review).not.toBeNull();
  });
});

describe('an identity under review', () => {
  it('keeps the name and country its documents were sent with', async () => {
    const c = { ...(await customer(t)), phone: uniquePhone() };
    expect((await patch(c, {})).status).toBe(200);
    expect((await submit(t, c, fullForm(11))).status).toBe(201);
    const res = await patch(c, { first_name: 'Totally' });
    expect(res).toMatchObject({ status: 409, body: { first_name: [profileMessages.identityUnderReview] } });
    await decide(c, 'reject');
    expect((await patch(c, { first_name: 'Alicia' })).status).toBe(200);
  });
});
