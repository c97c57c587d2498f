import fs from 'node:fs';
import path from 'node:path';
import { transactionMessages } from '../../common/api/transactions.ts';
import { daysFromNow } from '../../server/modules/schedules/schedules.fixtures.ts';
import { CODE } from '../../server/modules/transfers/transactions.fixtures.ts';
import { fillPath, routeKey, type RouteEntry, type World } from './security-helpers.ts';

/**
 * The security classification of every route, keyed "METHOD /pattern" as Fastify registered
 * it. route-matrix.test.ts fails when the app has a route this table does not name (or the reverse); the token
 * and fuzz suites take the list of authenticated routes from here.
 */

export type Params = Record<string, string | number>;

export interface Rule {
  /**
   * public: no token needed (say why); signed-body: no token either, a partner's call whose signature of the raw
   * body is its only credential (say why): without a valid one it is a 401, whatever token comes with it;
   * signed-in: any role; customer / banker: that role only; operator: the back-office (operators; auditors read,
   * every other method is 403 to them).
   */
  access: 'public' | 'signed-body' | 'signed-in' | 'customer' | 'banker' | 'operator';
  why?: string;
  /** Path parameters naming one of alice's objects (for banker routes: a withdrawal of agency 1). */
  params?: (w: World) => Params;
  /** The query string, or one naming one of the world's objects. */
  query?: string | ((w: World) => string);
  /** A well-formed body, so that only the caller's identity decides the answer. */
  body?: (w: World) => unknown;
  /** What another customer (mallory) gets for alice's object: 404 unless the contract says otherwise. */
  foreign?: { status: number; body?: unknown };
  /** A banker on a customer route; for a signed-in route with alice's object, 404 by default. */
  banker?: 403 | 404;
  /** What the owner gets from a GET without parameters when it is not a 200 (the role check of list routes). */
  owner?: number;
  /** For signed-in routes that also show agency 1's withdrawal to its tellers: that object. */
  agencyObject?: (w: World) => Params;
}

/** The push service of the matrix: a closed loopback port, listed in PUSH_SERVICE_ORIGINS so that it is allowed. */
export const matrixPushService = 'http://127.0.0.1:9';

/** A well-formed PushSubscription at the matrix's push service: nothing is ever delivered to it. */
export const matrixPushSubscription = {
  endpoint: 'http://127.0.0.1:9/push/route-matrix',
  expirationTime: null,
  keys: {
    p256dh: 'BJKlPpzJ_ob-7y6PXZHxiEl9b5k0YvNHExQe8_Mpe6vj3zt03P3hgljmmotR7Fnc-jYDueyrB8kS-wnRpS5xkEw',
    auth: 'AAECAwQFBgcICQoLDA0ODw',
  },
};

const publicDocs: Rule = { access: 'public', why: 'the API reference (OpenAPI and its self-hosted page)' };
const sandboxPage: Rule = {
  access: 'public',
  why: 'the payment sandbox stands for the card network: the random session id is the capability (dev only)',
  params: (w) => ({ id: w.alice.sessionId }),
};

const ops: Rule = { access: 'operator' };
const opsWrite = (params: (w: World) => Params): Rule => ({
  access: 'operator',
  params,
  body: () => ({ reason: 'Route matrix', security_code: CODE }),
});

export const matrix: Record<string, Rule> = {
  'GET /api/docs': publicDocs,
  'GET /api/docs/': publicDocs,
  'GET /api/docs/static/index.html': publicDocs,
  'GET /api/docs/static/swagger-initializer.js': publicDocs,
  'GET /api/docs/static/*': publicDocs,
  'GET /api/docs/json': publicDocs,
  'GET /api/docs/yaml': publicDocs,
  'GET /api/openapi.json': publicDocs,
  'GET /api/dev/outbox/': { access: 'public', why: 'built-in mail/SMS outbox; never registered in production' },
  'GET /api/health/': { access: 'public', why: 'load-balancer probe' },
  'POST /api/auth/send_code/': { access: 'public', why: 'sign-in', body: () => ({ email: 'x@example.com' }) },
  'POST /api/auth/verify_code/': {
    access: 'public',
    why: 'sign-in',
    body: () => ({ email: 'x@example.com', code: '000000' }),
  },
  'GET /api/auth/confirm_email/': { access: 'public', why: 'the link in the e-mail', query: '?code=x' },
  'POST /api/auth/recovery/': {
    access: 'public',
    why: 'getting back into an account without its sign-in identifier: the same answer for anyone, rate limited',
    body: () => ({ known_identifier: 'x@example.com', new_identifier: '+33612345678' }),
  },
  'GET /api/auth/recovery/:id/': {
    access: 'public',
    why: "a recovery's state: its random id, given only to the requester, is the capability",
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/auth/recovery/:id/codes/': {
    access: 'public',
    why: 'a recovery proved by the codes sent to both identifiers',
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
    body: () => ({ known_code: '000000', new_code: '000000' }),
  },
  'POST /api/auth/recovery/:id/documents/': {
    access: 'public',
    why: "a recovery's identity check, accepted only once its codes are proved",
    params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  },
  'GET /api/chain/': { access: 'public', why: 'explorer link templates' },
  'GET /api/rates/': { access: 'public', why: 'the same rates for everyone' },
  'POST /api/billing/webhook/': { access: 'public', why: 'payment provider events, signature-checked' },
  'POST /api/payouts/mobile-wallet/callback/': {
    access: 'signed-body',
    why: "the wallet operator's answer to a payout, HMAC-signed",
    body: () => ({ idempotency_key: 'sila-payout-1', partner_reference: 'matrix', status: 'completed' }),
  },
  'GET /explorer/explorer.css': { access: 'public', why: 'public ledger explorer' },
  'GET /explorer/tx/:id': { access: 'public', why: 'public ledger explorer', params: () => ({ id: 'f'.repeat(64) }) },
  'GET /explorer/address/:address': {
    access: 'public',
    why: 'public ledger explorer',
    params: () => ({ address: `0x${'a'.repeat(40)}` }),
  },
  'GET /explorer/records/:recordId': {
    access: 'public',
    why: 'a public ledger record as data: what a proof-of-liabilities verifier compares the root with (ADR 012)',
    params: () => ({ recordId: `0x${'f'.repeat(64)}` }),
  },
  'GET /explorer/liabilities/': {
    access: 'public',
    why: 'proof-of-liabilities history: roots and totals only (ADR 012)',
  },
  'GET /sandbox/sandbox.css': { access: 'public', why: 'payment sandbox stylesheet' },
  'GET /sandbox/checkout/:id': sandboxPage,
  'POST /sandbox/checkout/:id/pay': sandboxPage,
  'POST /sandbox/checkout/:id/renew': sandboxPage,
  'POST /sandbox/checkout/:id/renew_failed': sandboxPage,

  'POST /api/auth/logout/': { access: 'signed-in' },
  'GET /api/users/': { access: 'signed-in' },
  // Data rights: one's own data (any role), and closing one's own account (customers; a teller or an
  // operator is refused before the code is read). alice keeps a balance, so the matrix never closes her account.
  'GET /api/users/export/': { access: 'signed-in' },
  'POST /api/users/close/': { access: 'customer', banker: 403, body: () => ({ security_code: CODE }) },
  'PATCH /api/users/:id/': {
    access: 'signed-in',
    params: (w) => ({ id: w.alice.userId }),
    body: () => ({ first_name: 'Mal', last_name: 'Lory', country: 'FR', phone_number: '+33612345678' }),
  },
  // Alice's address is confirmed (a 400 for her); mallory and a banker get 404 for her id.
  'POST /api/users/:id/email_confirmation/': { access: 'signed-in', params: (w) => ({ id: w.alice.userId }) },
  // Proving the profile phone by SMS; mallory and a banker get 404 for alice's id, nothing is texted.
  'POST /api/users/:id/phone_confirmation/': { access: 'signed-in', params: (w) => ({ id: w.alice.userId }) },
  'POST /api/users/:id/phone_confirmation/verify/': {
    access: 'signed-in',
    params: (w) => ({ id: w.alice.userId }),
    body: () => ({ code: '123456' }),
  },
  'POST /api/users/:id/security_code/': {
    access: 'signed-in',
    params: (w) => ({ id: w.alice.userId }),
    body: () => ({ security_code: '284613', current_security_code: CODE }),
  },
  // A customer's identity verification. Staff read their own (empty) state; only customers send documents.
  'GET /api/kyc/': { access: 'signed-in' },
  'POST /api/kyc/submissions/': { access: 'customer', banker: 403, body: () => ({ document_type: 'passport' }) },
  'GET /api/contacts/': { access: 'customer', banker: 403 },
  'POST /api/contacts/': {
    access: 'customer',
    banker: 403,
    body: () => ({ first_name: 'New', last_name: 'Person', email: 'new.person@example.com' }),
  },
  'GET /api/contacts/:id/': { access: 'customer', params: (w) => ({ id: w.alice.contactId }), banker: 404 },
  'DELETE /api/contacts/:id/': { access: 'customer', params: (w) => ({ id: w.alice.contactId }), banker: 403 },
  // Setting or removing a recipient's bank account: the customer's own recipients only.
  'PATCH /api/contacts/:id/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.contactId }),
    body: () => ({ rib: null }),
    banker: 403,
  },
  // Recurring transfers are a customer's own; tellers and operators get 403, another customer's id a 404.
  'GET /api/schedules/': { access: 'customer', banker: 403 },
  'POST /api/schedules/': {
    access: 'customer',
    banker: 403,
    body: (w) => ({
      contact: w.alice.contactId,
      amount: '10.00',
      frequency: 'monthly',
      day: 1,
      start_date: daysFromNow(10),
      security_code: CODE,
    }),
  },
  'GET /api/schedules/:id/': { access: 'customer', params: (w) => ({ id: w.alice.scheduleId }), banker: 403 },
  'PATCH /api/schedules/:id/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.scheduleId }),
    body: () => ({ paused: true }),
    banker: 403,
  },
  'DELETE /api/schedules/:id/': { access: 'customer', params: (w) => ({ id: w.alice.scheduleId }), banker: 403 },
  // Help cases are a customer's own; tellers and operators get 403 here (operators answer under /api/ops/cases/).
  'GET /api/cases/': { access: 'customer', banker: 403 },
  'POST /api/cases/': { access: 'customer', banker: 403, body: () => ({ kind: 'other', message: 'Route matrix' }) },
  'GET /api/cases/:id/': { access: 'customer', params: (w) => ({ id: w.alice.helpCase.id }), banker: 403 },
  'POST /api/cases/:id/messages/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.helpCase.id }),
    body: () => ({ message: 'Route matrix' }),
    banker: 403,
  },
  'GET /api/cases/:id/attachments/:attachment/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.helpCase.id, attachment: w.alice.helpCase.attachmentId }),
    banker: 403,
  },
  'GET /api/transactions/': { access: 'signed-in' },
  'POST /api/transactions/': {
    access: 'customer',
    banker: 403,
    // Another customer's contact is "Contact not found" on the field ('Unknown recipient.').
    body: (w) => ({ amount: 5, contact: w.alice.contactId, security_code: CODE }),
    foreign: { status: 400, body: { contact: [transactionMessages.contactNotFound] } },
  },
  // Confirmation of payee asks the recipient's bank about the customer's own recipient only.
  'POST /api/transactions/payee-check/': {
    access: 'customer',
    banker: 403,
    body: (w) => ({ contact: w.alice.contactId }),
    foreign: { status: 400, body: { contact: [transactionMessages.contactNotFound] } },
  },
  'GET /api/transactions/:id/': {
    access: 'signed-in',
    params: (w) => ({ id: w.alice.transferId }),
    agencyObject: (w) => ({ id: w.alice.withdrawal.id }),
  },
  // The statement holds the caller's own rows only (the list's visibility), for any signed-in role.
  'GET /api/transactions/export/': { access: 'signed-in', query: '?start_date=2026-01-01&end_date=2026-02-01' },
  // The receipt PDF of a transaction the caller may see (the teller of the withdrawal's agency too).
  'GET /api/transactions/:id/receipt/': {
    access: 'signed-in',
    params: (w) => ({ id: w.alice.transferId }),
    agencyObject: (w) => ({ id: w.alice.withdrawal.id }),
  },
  // Each user's own notifications (another user's ids are ignored: notifications.test.ts).
  'GET /api/notifications/': { access: 'signed-in' },
  'POST /api/notifications/read/': { access: 'signed-in', body: () => ({}) },
  // Rate alerts are a customer's own; tellers and operators get 403, another customer's id a 404.
  'GET /api/rate-alerts/': { access: 'customer', banker: 403 },
  'POST /api/rate-alerts/': { access: 'customer', banker: 403, body: () => ({ threshold: '12.00' }) },
  'DELETE /api/rate-alerts/:id/': { access: 'customer', params: (w) => ({ id: w.alice.rateAlertId }), banker: 403 },
  // Web Push: the key a browser subscribes with is public; subscriptions and toggles are one's own.
  'GET /api/push/key/': {
    access: 'public',
    why: 'the VAPID public key a browser needs to subscribe (public by design)',
  },
  'POST /api/push/subscriptions/': { access: 'signed-in', body: () => matrixPushSubscription },
  'POST /api/push/subscriptions/renew/': {
    access: 'public',
    why: 'the service worker has no session: the old endpoint with its auth secret is the proof (else 404, push.test.ts)',
    body: () => ({
      old_endpoint: 'http://127.0.0.1:9/push/route-matrix-unknown',
      old_auth: matrixPushSubscription.keys.auth,
      subscription: matrixPushSubscription,
    }),
  },
  'DELETE /api/push/subscriptions/': {
    access: 'signed-in',
    body: () => ({ endpoint: matrixPushSubscription.endpoint }),
    // Only one's own subscription is removed: another user's endpoint is unknown to the caller (push.test.ts).
    foreign: { status: 404 },
  },
  'GET /api/notifications/preferences/': { access: 'signed-in' },
  'PATCH /api/notifications/preferences/': { access: 'signed-in', body: () => ({ push: true }) },
  'POST /api/transactions/:id/cancel/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.withdrawal.id }),
    // Even the teller of the withdrawal's agency cannot cancel it.
    banker: 404,
  },
  'GET /api/withdrawals/today/': { access: 'banker' },
  'GET /api/withdrawals/:token/': { access: 'banker', params: (w) => ({ token: w.alice.withdrawal.token }) },
  'POST /api/withdrawals/:token/validate/': {
    access: 'banker',
    params: (w) => ({ token: w.alice.withdrawal.token }),
    // The other agency's teller has a valid code of their own: only the agency check stands in the way.
    body: (w) => ({ id: w.alice.withdrawal.id, security_code: CODE }),
  },
  // A teller's hold on a withdrawal being paid out, and its release; same agency check.
  'POST /api/withdrawals/:token/reserve/': {
    access: 'banker',
    params: (w) => ({ token: w.alice.withdrawal.token }),
    body: (w) => ({ id: w.alice.withdrawal.id }),
  },
  'POST /api/withdrawals/:token/release/': {
    access: 'banker',
    params: (w) => ({ token: w.alice.withdrawal.token }),
    body: (w) => ({ id: w.alice.withdrawal.id }),
  },
  // Cash pickup. The teller's routes name alice's pickup payable at agency 1 only (agency 2: 404).
  'GET /api/pickups/:reference/': { access: 'banker', params: (w) => ({ reference: w.alice.pickup.reference }) },
  // Says only whether a typed reference names something, at any agency: the payout screen checks the agency.
  'GET /api/counter/lookup/': { access: 'banker', query: (w) => `?reference=${w.alice.withdrawal.token}` },
  'POST /api/pickups/:reference/reserve/': {
    access: 'banker',
    params: (w) => ({ reference: w.alice.pickup.reference }),
  },
  'POST /api/pickups/:reference/release/': {
    access: 'banker',
    params: (w) => ({ reference: w.alice.pickup.reference }),
  },
  'POST /api/pickups/:reference/pay/': {
    access: 'banker',
    params: (w) => ({ reference: w.alice.pickup.reference }),
    body: () => ({
      security_code: CODE,
      id_document_type: 'passport',
      id_document_number: 'AB123456',
      recipient_name_matches: true,
    }),
  },
  // The sender's name correction: only the sender (another customer and any teller: 404).
  'POST /api/transactions/:id/recipient_name/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.pickup.id }),
    body: () => ({ first_name: 'Mal', last_name: 'Lory', security_code: CODE }),
    banker: 404,
  },
  // A banker's own (always empty) list: harmless; every write below is refused.
  'GET /api/exchanges/': { access: 'signed-in' },
  'POST /api/exchanges/': { access: 'customer', banker: 403, body: () => ({ from_amount: '30.00' }) },
  'PATCH /api/exchanges/:id/': {
    access: 'customer',
    params: (w) => ({ id: w.alice.exchangeId }),
    body: () => ({ from_amount: '31.00' }),
    banker: 403,
  },
  'GET /api/exchanges/:id/validate/': { access: 'customer', params: (w) => ({ id: w.alice.exchangeId }), banker: 403 },
  'POST /api/exchanges/:id/validate/': { access: 'customer', params: (w) => ({ id: w.alice.exchangeId }), banker: 403 },
  'GET /api/billing/create_subscription/': { access: 'customer', banker: 403 },
  // Alice has no subscription: she reaches the route and gets its own answer (sandbox-flow.test.ts cancels a real one).
  'GET /api/billing/cancel_subscription/': { access: 'customer', banker: 403, owner: 400 },
  'GET /api/billing/subscription/': { access: 'signed-in' },
  // Keyed by the caller: no way to name another customer's leaf. Tellers are staff, not customers owed money.
  // The matrix takes no snapshot: a customer then has no proof yet (404; the proof itself is liabilities.test.ts's).
  'GET /api/liabilities/proof/': { access: 'customer', banker: 403, owner: 404 },
  'GET /api/billing/sessions/:id/': { access: 'customer', params: (w) => ({ id: w.alice.sessionId }), banker: 404 },

  // The back-office: operators and auditors only; a write needs the operator's security code.
  'GET /api/ops/audit/': ops,
  'GET /api/ops/audit/csv/': ops,
  'GET /api/ops/customers/': ops,
  'GET /api/ops/customers/:id/': { ...ops, params: (w) => ({ id: w.alice.userId }) },
  'GET /api/ops/customers/:id/schedules/': { ...ops, params: (w) => ({ id: w.alice.userId }) },
  'POST /api/ops/customers/:id/freeze/': opsWrite((w) => ({ id: w.mallory.userId })),
  'POST /api/ops/customers/:id/unfreeze/': opsWrite((w) => ({ id: w.mallory.userId })),
  'POST /api/ops/customers/:id/unlock-security-code/': opsWrite((w) => ({ id: w.mallory.userId })),
  'POST /api/ops/customers/:id/logout-all/': opsWrite((w) => ({ id: w.mallory.userId })),
  'GET /api/ops/transactions/': ops,
  'GET /api/ops/transactions/:id/': { ...ops, params: (w) => ({ id: w.alice.transferId }) },
  'POST /api/ops/transactions/:id/refund/': opsWrite((w) => ({ id: w.alice.withdrawal.id })),
  'POST /api/ops/transactions/:id/cancel/': opsWrite((w) => ({ id: w.alice.withdrawal.id })),
  'POST /api/ops/transactions/:id/resend-pickup-sms/': {
    access: 'operator',
    params: (w) => ({ id: w.alice.pickup.id }),
    body: () => ({}),
  },
  'GET /api/ops/approvals/': ops,
  'POST /api/ops/approvals/:id/approve/': opsWrite(() => ({ id: 1 })),
  'POST /api/ops/approvals/:id/reject/': opsWrite(() => ({ id: 1 })),
  'GET /api/ops/reviews/': ops,
  'GET /api/ops/dashboard/': ops,
  'GET /api/ops/reviews/:id/': { ...ops, params: (w) => ({ id: w.reviewId }) },
  // An identity document's file, decrypted for the reviews screen (never cached, each view audited).
  'GET /api/ops/kyc/files/:id/': { ...ops, params: (w) => ({ id: w.kycFileId }) },
  'GET /api/ops/cases/': ops,
  'GET /api/ops/cases/:id/': { ...ops, params: (w) => ({ id: w.alice.helpCase.id }) },
  'GET /api/ops/cases/:id/attachments/:attachment/': {
    ...ops,
    params: (w) => ({ id: w.alice.helpCase.id, attachment: w.alice.helpCase.attachmentId }),
  },
  'POST /api/ops/cases/:id/messages/': {
    access: 'operator',
    params: (w) => ({ id: w.alice.helpCase.id }),
    body: () => ({ message: 'Route matrix', internal: true }),
  },
  'POST /api/ops/cases/:id/state/': {
    access: 'operator',
    params: (w) => ({ id: w.alice.helpCase.id }),
    body: () => ({ state: 'waiting_customer', reason: 'Route matrix' }),
  },
  'POST /api/ops/cases/:id/assign/': { access: 'operator', params: (w) => ({ id: w.alice.helpCase.id }) },
  'POST /api/ops/reviews/:id/approve/': opsWrite((w) => ({ id: w.reviewId })),
  'POST /api/ops/reviews/:id/reject/': opsWrite((w) => ({ id: w.reviewId })),
  'GET /api/ops/agencies/': ops,
  'GET /api/ops/agencies/:id/': { ...ops, params: (w) => ({ id: w.agency1 }) },
  'POST /api/ops/agencies/': {
    access: 'operator',
    body: () => ({ name: 'Matrix', address: '1 rue', zip_code: '1', city: 'Rabat', latitude: '34', longitude: '-6' }),
  },
  'PATCH /api/ops/agencies/:id/': {
    access: 'operator',
    params: (w) => ({ id: w.agency1 }),
    body: () => ({ city: 'X' }),
  },
  'POST /api/ops/agencies/:id/disable/': opsWrite((w) => ({ id: w.agency1 })),
  'POST /api/ops/agencies/:id/enable/': opsWrite((w) => ({ id: w.agency1 })),
  'GET /api/ops/rates/': ops,
  'GET /api/ops/reconciliation/': { ...ops, query: '?date=2026-01-15' },
  'GET /api/ops/payout-files/': ops,
  'GET /api/ops/payout-files/:id/': { ...ops, params: (w) => ({ id: w.payoutFileId }) },
  'GET /api/ops/liabilities/': ops,
  'POST /api/ops/rates/': {
    access: 'operator',
    body: () => ({
      official: '10.85',
      freemium: '10.70',
      subscription: '10.80',
      reason: 'Route matrix',
      security_code: CODE,
    }),
  },
  'GET /api/ops/tellers/': ops,
  'POST /api/ops/tellers/': {
    access: 'operator',
    body: (w) => ({
      email: 'matrix-teller@example.com',
      agency: w.agency1,
      reason: 'Route matrix',
      security_code: CODE,
    }),
  },
  'POST /api/ops/tellers/:id/move/': {
    access: 'operator',
    params: (w) => ({ id: w.teller1.userId }),
    body: (w) => ({ agency: w.agency2, reason: 'Route matrix', security_code: CODE }),
  },
  'POST /api/ops/tellers/:id/disable/': opsWrite((w) => ({ id: w.teller1.userId })),
  'GET /api/ops/operators/': ops,
  'POST /api/ops/operators/': {
    access: 'operator',
    body: () => ({
      email: 'matrix-operator@example.com',
      role: 'OPERATOR',
      reason: 'Route matrix',
      security_code: CODE,
    }),
  },
  'POST /api/ops/operators/:id/remove/': opsWrite((w) => ({ id: w.auditor.userId })),
};

/**
 * Files of the built web app (when dist/web exists): public by nature, classified by where they live. Files only:
 * a handler on `/` or `/assets` (directories of the build) is a route of its own and must be classified.
 */
export function isWebAsset(route: RouteEntry, webDistDir: string): boolean {
  if (route.method !== 'GET' || /^\/(api|sandbox|explorer)(\/|$)/.test(route.url)) return false;
  const file = path.join(webDistDir, route.url);
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

/** The concrete path of a route for a rule: alice's object (or the given one) in place of the parameters. */
export const targetOf = (route: RouteEntry, rule: Rule, w: World, params?: Params) =>
  fillPath(route.url, { '*': 'x', ...(params ?? rule.params?.(w)) }) +
  (typeof rule.query === 'function' ? rule.query(w) : (rule.query ?? ''));

export const ruleOf = (route: RouteEntry): Rule | undefined => matrix[routeKey(route)];
