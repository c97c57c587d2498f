import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { newDraft } from '../../server/modules/billing/billing.fixtures.ts';
import {
  agency,
  CODE,
  create,
  customer,
  recipientOf,
  teller,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import { call, lastCode, signIn, uniqueEmail, uniquePhone, type SignedIn } from '../support/identity.ts';
import type { TestApp } from '../support/test-app.ts';
import { operator } from '../../server/modules/ops/ops.fixtures.ts';
import { openReview } from '../../server/modules/reviews/reviews.service.ts';
import { withTransaction } from '../../server/ledger/transaction.ts';
import type { World } from './security-helpers.ts';
import { matrixPushSubscription } from './route-rules.ts';
import { fullForm, submit } from '../../server/modules/kyc/kyc.fixtures.ts';
import { newRateAlert, thresholdAbove } from '../../server/modules/rate-alerts/rate-alerts.fixtures.ts';
import { daysFromNow, newSchedule } from '../../server/modules/schedules/schedules.fixtures.ts';
import { newCase } from '../../server/modules/cases/cases.fixtures.ts';

/**
 * The success path of every write route for its owner: a route that refused everyone would
 * pass every isolation check of the matrix, so each one must also work for the person it is for. Each case makes
 * fresh objects of its own (a new customer, a new withdrawal at agency 1), so alice's objects, which the matrix
 * checks untouched at the end, are never the ones written.
 */

export interface OwnerCall {
  as: SignedIn;
  path: string;
  body?: unknown;
  status: number;
  /** For a route that takes no JSON (the multipart upload): how the owner sends it. */
  send?: () => Promise<{ status: number; body: unknown }>;
}

type Case = (t: TestApp, w: World) => Promise<OwnerCall>;

const opsBody = { reason: 'Owner success path', security_code: CODE };

async function funded(t: TestApp) {
  return customer(t, 1_000_00n);
}

async function withdrawalAt(t: TestApp, agencyId: string) {
  const owner = await funded(t);
  const made = await create(t, owner, { amount: 20, contact: Number(agencyId) });
  if (made.status !== 201) throw new Error(`withdrawal: ${made.status} ${JSON.stringify(made.body)}`);
  return { owner, id: Number(made.body.id), token: String(made.body.token) };
}

/** A fresh cash pickup payable at any agency. */
async function pickupOf(t: TestApp) {
  const owner = await funded(t);
  const contact = await recipientOf(t, owner, { phone_number: uniquePhone() });
  const made = await create(t, owner, { amount: 20, contact, delivery: 'cash_pickup' });
  if (made.status !== 201) throw new Error(`pickup: ${made.status} ${JSON.stringify(made.body)}`);
  return { owner, id: Number(made.body.id), reference: String(made.body.pickup_reference) };
}

async function draftOf(t: TestApp) {
  const owner = await customer(t);
  const draft = await newDraft(t, owner, '40.00');
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);
  return { owner, id: Number(draft.body.id) };
}

async function withProfilePhone(t: TestApp) {
  const c = await customer(t);
  const phone = uniquePhone();
  const body = { first_name: 'Ann', last_name: 'Owner', country: 'FR', phone_number: phone };
  expect((await call(t, 'PATCH', `/api/users/${c.userId}/`, { token: c.token, body })).status).toBe(200);
  return { ...c, phone };
}

export const ownerSuccess: Record<string, Case> = {
  'POST /api/kyc/submissions/': async (t) => {
    const c = await customer(t);
    return { as: c, path: '/api/kyc/submissions/', status: 201, send: () => submit(t, c, fullForm()) };
  },
  'POST /api/auth/logout/': async (t) => ({ as: await signIn(t), path: '/api/auth/logout/', status: 204 }),
  'POST /api/cases/': async (t) => ({
    as: await customer(t),
    path: '/api/cases/',
    body: { kind: 'account', message: 'I cannot change my e-mail' },
    status: 201,
  }),
  'POST /api/cases/:id/messages/': async (t) => {
    const c = await customer(t);
    const { id } = await newCase(t, c);
    return { as: c, path: `/api/cases/${id}/messages/`, body: { message: 'Any news?' }, status: 201 };
  },
  'PATCH /api/users/:id/': async (t) => {
    const c = await customer(t);
    return {
      as: c,
      path: `/api/users/${c.userId}/`,
      body: { first_name: 'Ann', last_name: 'Owner', country: 'FR', phone_number: uniquePhone() },
      status: 200,
    };
  },
  'POST /api/users/close/': async (t) => ({
    as: await customer(t),
    path: '/api/users/close/',
    body: { security_code: CODE },
    status: 200,
  }),
  // A phone customer whose profile e-mail is not confirmed, a minute after its first link.
  'POST /api/users/:id/email_confirmation/': async (t) => {
    const c = await signIn(t, { phone_number: uniquePhone() });
    const body = { first_name: 'Nadia', last_name: 'Benali', country: 'FR', email: uniqueEmail('resend') };
    expect((await call(t, 'PATCH', `/api/users/${c.userId}/`, { token: c.token, body })).status).toBe(200);
    await t.database.db
      .updateTable('email_confirmations')
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where('user_id', '=', String(c.userId))
      .execute();
    return { as: c, path: `/api/users/${c.userId}/email_confirmation/`, status: 202 };
  },
  // An e-mail customer with a phone on the profile, not proved yet.
  'POST /api/users/:id/phone_confirmation/': async (t) => {
    const c = await withProfilePhone(t);
    return { as: c, path: `/api/users/${c.userId}/phone_confirmation/`, status: 202 };
  },
  'POST /api/users/:id/phone_confirmation/verify/': async (t) => {
    const c = await withProfilePhone(t);
    expect((await call(t, 'POST', `/api/users/${c.userId}/phone_confirmation/`, { token: c.token })).status).toBe(202);
    const code = await lastCode(t, c.phone);
    return { as: c, path: `/api/users/${c.userId}/phone_confirmation/verify/`, body: { code }, status: 200 };
  },
  'POST /api/users/:id/security_code/': async (t) => {
    const c = await customer(t);
    return {
      as: c,
      path: `/api/users/${c.userId}/security_code/`,
      body: { security_code: '246802', current_security_code: CODE },
      status: 200,
    };
  },
  'POST /api/contacts/': async (t) => ({
    as: await customer(t),
    path: '/api/contacts/',
    body: { first_name: 'New', last_name: 'Person', email: uniqueEmail('contact') },
    status: 201,
  }),
  'DELETE /api/contacts/:id/': async (t) => {
    const c = await customer(t);
    const id = await recipientOf(t, c, { email: uniqueEmail('gone') });
    return { as: c, path: `/api/contacts/${id}/`, status: 204 };
  },
  'PATCH /api/contacts/:id/': async (t) => {
    const c = await customer(t);
    const id = await recipientOf(t, c, { email: uniqueEmail('banked') });
    return { as: c, path: `/api/contacts/${id}/`, body: { rib: '007780000123456789012396' }, status: 200 };
  },
  'POST /api/schedules/': async (t) => {
    const c = await customer(t);
    const contact = await recipientOf(t, c, { email: uniqueEmail('monthly') });
    const body = { contact, amount: '10.00', frequency: 'monthly', day: 1, start_date: daysFromNow(10) };
    return { as: c, path: '/api/schedules/', body: { ...body, security_code: CODE }, status: 201 };
  },
  'PATCH /api/schedules/:id/': async (t) => {
    const c = await customer(t);
    const id = await newSchedule(t, c, await recipientOf(t, c, { email: uniqueEmail('paused') }));
    return { as: c, path: `/api/schedules/${id}/`, body: { paused: true }, status: 200 };
  },
  'DELETE /api/schedules/:id/': async (t) => {
    const c = await customer(t);
    const id = await newSchedule(t, c, await recipientOf(t, c, { email: uniqueEmail('ended') }));
    return { as: c, path: `/api/schedules/${id}/`, status: 204 };
  },
  'POST /api/transactions/': async (t) => {
    const c = await funded(t);
    const contact = await recipientOf(t, c, { email: uniqueEmail('payee') });
    return { as: c, path: '/api/transactions/', body: { amount: 5, contact, security_code: CODE }, status: 201 };
  },
  'POST /api/transactions/payee-check/': async (t) => {
    const c = await customer(t);
    const contact = await recipientOf(t, c, { email: uniqueEmail('banked'), rib: '007780000123456789012396' });
    return { as: c, path: '/api/transactions/payee-check/', body: { contact }, status: 200 };
  },
  'POST /api/notifications/read/': async (t) => ({
    as: await customer(t),
    path: '/api/notifications/read/',
    body: {},
    status: 200,
  }),
  'POST /api/rate-alerts/': async (t) => {
    const c = await customer(t);
    return { as: c, path: '/api/rate-alerts/', body: { threshold: await thresholdAbove(t, c) }, status: 201 };
  },
  'DELETE /api/rate-alerts/:id/': async (t) => {
    const c = await customer(t);
    return { as: c, path: `/api/rate-alerts/${await newRateAlert(t, c)}/`, status: 204 };
  },
  'POST /api/push/subscriptions/': async (t) => ({
    as: await customer(t),
    path: '/api/push/subscriptions/',
    body: { ...matrixPushSubscription, endpoint: `http://127.0.0.1:9/push/${randomUUID()}` },
    status: 201,
  }),
  'DELETE /api/push/subscriptions/': async (t) => {
    const owner = await customer(t);
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    const made = await call(t, 'POST', '/api/push/subscriptions/', {
      token: owner.token,
      body: { ...matrixPushSubscription, endpoint },
    });
    if (made.status !== 201) throw new Error(`subscription: ${made.status} ${JSON.stringify(made.body)}`);
    return { as: owner, path: '/api/push/subscriptions/', body: { endpoint }, status: 204 };
  },
  'PATCH /api/notifications/preferences/': async (t) => ({
    as: await customer(t),
    path: '/api/notifications/preferences/',
    body: { email: false },
    status: 200,
  }),
  'POST /api/transactions/:id/cancel/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    return { as: made.owner, path: `/api/transactions/${made.id}/cancel/`, status: 200 };
  },
  'POST /api/withdrawals/:token/validate/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    return {
      as: w.teller1,
      path: `/api/withdrawals/${made.token}/validate/`,
      body: { id: made.id, security_code: CODE },
      status: 200,
    };
  },
  'POST /api/withdrawals/:token/reserve/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    return { as: w.teller1, path: `/api/withdrawals/${made.token}/reserve/`, body: { id: made.id }, status: 200 };
  },
  'POST /api/withdrawals/:token/release/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    const reserved = await call(t, 'POST', `/api/withdrawals/${made.token}/reserve/`, {
      token: w.teller1.token,
      body: { id: made.id },
    });
    if (reserved.status !== 200) throw new Error(`reserve: ${reserved.status} ${JSON.stringify(reserved.body)}`);
    return { as: w.teller1, path: `/api/withdrawals/${made.token}/release/`, body: { id: made.id }, status: 200 };
  },
  'POST /api/pickups/:reference/reserve/': async (t, w) => {
    const made = await pickupOf(t);
    return { as: w.teller1, path: `/api/pickups/${made.reference}/reserve/`, status: 200 };
  },
  'POST /api/pickups/:reference/release/': async (t, w) => {
    const made = await pickupOf(t);
    const reserved = await call(t, 'POST', `/api/pickups/${made.reference}/reserve/`, { token: w.teller2.token });
    if (reserved.status !== 200) throw new Error(`reserve: ${reserved.status} ${JSON.stringify(reserved.body)}`);
    return { as: w.teller2, path: `/api/pickups/${made.reference}/release/`, status: 200 };
  },
  'POST /api/pickups/:reference/pay/': async (t, w) => {
    const made = await pickupOf(t);
    return {
      as: w.teller2,
      path: `/api/pickups/${made.reference}/pay/`,
      body: {
        security_code: CODE,
        id_document_type: 'residence_permit',
        id_document_number: 'X1234567',
        recipient_name_matches: true,
      },
      status: 200,
    };
  },
  'POST /api/transactions/:id/recipient_name/': async (t) => {
    const made = await pickupOf(t);
    return {
      as: made.owner,
      path: `/api/transactions/${made.id}/recipient_name/`,
      body: { first_name: 'Right', last_name: 'Name', security_code: CODE },
      status: 200,
    };
  },
  'POST /api/exchanges/': async (t) => ({
    as: await customer(t),
    path: '/api/exchanges/',
    body: { from_amount: '30.00' },
    status: 201,
  }),
  'PATCH /api/exchanges/:id/': async (t) => {
    const d = await draftOf(t);
    return { as: d.owner, path: `/api/exchanges/${d.id}/`, body: { from_amount: '31.00' }, status: 200 };
  },
  'POST /api/exchanges/:id/validate/': async (t) => {
    const d = await draftOf(t);
    return { as: d.owner, path: `/api/exchanges/${d.id}/validate/`, status: 200 };
  },
  'POST /api/ops/customers/:id/freeze/': async (t, w) => {
    const c = await customer(t);
    return { as: w.operator, path: `/api/ops/customers/${c.userId}/freeze/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/customers/:id/unfreeze/': async (t, w) => {
    const c = await customer(t);
    const frozen = await call(t, 'POST', `/api/ops/customers/${c.userId}/freeze/`, {
      token: w.operator.token,
      body: opsBody,
    });
    if (frozen.status !== 200) throw new Error(`freeze: ${frozen.status} ${JSON.stringify(frozen.body)}`);
    return { as: w.operator, path: `/api/ops/customers/${c.userId}/unfreeze/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/customers/:id/unlock-security-code/': async (t, w) => {
    const c = await customer(t);
    return { as: w.operator, path: `/api/ops/customers/${c.userId}/unlock-security-code/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/customers/:id/logout-all/': async (t, w) => {
    const c = await customer(t);
    return { as: w.operator, path: `/api/ops/customers/${c.userId}/logout-all/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/cases/:id/messages/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/cases/${(await newCase(t, await customer(t))).id}/messages/`,
    body: { message: 'We are on it.' },
    status: 201,
  }),
  'POST /api/ops/cases/:id/state/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/cases/${(await newCase(t, await customer(t))).id}/state/`,
    body: { state: 'resolved', reason: 'Paid out' },
    status: 200,
  }),
  'POST /api/ops/cases/:id/assign/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/cases/${(await newCase(t, await customer(t))).id}/assign/`,
    status: 200,
  }),
  'POST /api/ops/transactions/:id/refund/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    return { as: w.operator, path: `/api/ops/transactions/${made.id}/refund/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/transactions/:id/cancel/': async (t, w) => {
    const made = await withdrawalAt(t, w.agency1);
    return { as: w.operator, path: `/api/ops/transactions/${made.id}/cancel/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/transactions/:id/resend-pickup-sms/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/transactions/${(await pickupOf(t)).id}/resend-pickup-sms/`,
    body: {},
    status: 200,
  }),
  'POST /api/ops/approvals/:id/approve/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/approvals/${await refundRequest(t, w)}/approve/`,
    body: opsBody,
    status: 200,
  }),
  'POST /api/ops/approvals/:id/reject/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/approvals/${await refundRequest(t, w)}/reject/`,
    body: opsBody,
    status: 200,
  }),
  'POST /api/ops/reviews/:id/approve/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/reviews/${await reviewItem(t)}/approve/`,
    body: opsBody,
    status: 200,
  }),
  'POST /api/ops/reviews/:id/reject/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/reviews/${await reviewItem(t)}/reject/`,
    body: opsBody,
    status: 200,
  }),
  'POST /api/ops/agencies/': async (_t, w) => ({
    as: w.operator,
    path: '/api/ops/agencies/',
    body: {
      name: `Agency ${randomUUID()}`,
      address: '1 rue',
      zip_code: '1',
      city: 'Rabat',
      latitude: 34,
      longitude: -6,
    },
    status: 201,
  }),
  'PATCH /api/ops/agencies/:id/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/agencies/${await agency(t)}/`,
    body: { city: 'Rabat' },
    status: 200,
  }),
  'POST /api/ops/agencies/:id/disable/': async (t, w) => ({
    as: w.operator,
    path: `/api/ops/agencies/${await agency(t)}/disable/`,
    body: opsBody,
    status: 200,
  }),
  'POST /api/ops/agencies/:id/enable/': async (t, w) => {
    const id = await agency(t);
    const off = await call(t, 'POST', `/api/ops/agencies/${id}/disable/`, { token: w.operator.token, body: opsBody });
    if (off.status !== 200) throw new Error(`disable: ${off.status} ${JSON.stringify(off.body)}`);
    return { as: w.operator, path: `/api/ops/agencies/${id}/enable/`, body: opsBody, status: 200 };
  },
  // The rates in force again, effective in 300 days: a change of 0 % (no four eyes) that moves no price today on the
  // database the other test files share.
  'POST /api/ops/rates/': async (t, w) => {
    const now = (await call(t, 'GET', '/api/rates/')).body;
    return {
      as: w.operator,
      path: '/api/ops/rates/',
      body: {
        official: now.official,
        freemium: now.freemium,
        subscription: now.subscription,
        effective_at: new Date(Date.now() + 300 * 86_400_000).toISOString(),
        ...opsBody,
      },
      status: 200,
    };
  },
  'POST /api/ops/tellers/': async (t, w) => ({
    as: w.operator,
    path: '/api/ops/tellers/',
    body: { ...opsBody, email: uniqueEmail('route-teller'), agency: Number(await agency(t)) },
    status: 201,
  }),
  'POST /api/ops/tellers/:id/move/': async (t, w) => {
    const banker = await teller(t, await agency(t));
    const to = Number(await agency(t));
    return {
      as: w.operator,
      path: `/api/ops/tellers/${banker.userId}/move/`,
      body: { ...opsBody, agency: to },
      status: 202,
    };
  },
  'POST /api/ops/tellers/:id/disable/': async (t, w) => {
    const banker = await teller(t, await agency(t));
    return { as: w.operator, path: `/api/ops/tellers/${banker.userId}/disable/`, body: opsBody, status: 200 };
  },
  'POST /api/ops/operators/': async (_t, w) => ({
    as: w.operator,
    path: '/api/ops/operators/',
    body: { ...opsBody, email: uniqueEmail('route-operator'), role: 'AUDITOR' },
    status: 202,
  }),
  'POST /api/ops/operators/:id/remove/': async (t, w) => {
    const other = await operator(t, 'AUDITOR');
    return { as: w.operator, path: `/api/ops/operators/${other.userId}/remove/`, body: opsBody, status: 202 };
  },
};

/** A fresh open item of the reviews queue, as a module opens one. */
async function reviewItem(t: TestApp): Promise<string> {
  const opened = await withTransaction(t.database.db, (tx) =>
    openReview(tx, { kind: 'monitoring', subject: `route-success:${randomUUID()}` }, new Date()),
  );
  return opened.id;
}

/** A refund above the four-eyes threshold (5,000 MAD) asked by another operator: a request to decide. */
async function refundRequest(t: TestApp, w: World): Promise<number> {
  const owner = await customer(t, 6_000_00n);
  const made = await create(t, owner, { amount: 5_001, contact: Number(w.agency1) });
  if (made.status !== 201) throw new Error(`withdrawal: ${made.status} ${JSON.stringify(made.body)}`);
  const res = await call(t, 'POST', `/api/ops/transactions/${String(made.body.id)}/refund/`, {
    token: (await operator(t)).token,
    body: opsBody,
  });
  if (res.status !== 202) throw new Error(`refund request: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.approval as { id: number }).id;
}

/** Every write carries a fresh Idempotency-Key: the routes that require one get it, the others ignore it. */
export const freshKey = () => ({ 'idempotency-key': randomUUID() });
