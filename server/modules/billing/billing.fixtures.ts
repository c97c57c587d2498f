import { minorAsWireInteger, parseAmount } from '../../../common/money/money.ts';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { sandboxPayments } from '../../adapters/payments/sandbox-payments.ts';
import { signatureHeader, signPayload } from '../../adapters/payments/webhook-signature.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import type { Clock } from '../../clock.ts';

/**
 * Test helpers for add money and billing. Each test app gets its own sandbox provider (to read its refunds) and
 * a known webhook secret, so tests can sign events the way the sandbox and Stripe do.
 */
export const webhookSecret = 'whsec_test_billing_secret_0123456789';

export function sandboxFor() {
  return sandboxPayments('http://127.0.0.1', webhookSecret);
}
export type CardSandbox = ReturnType<typeof sandboxFor>;

/**
 * The app a test of card payments starts with: a payment sandbox of its own (its refunds can be read) and the rates
 * in force, for a quote. `env` adds to the test environment; `clock` replaces the system's.
 */
export async function startCardApp(
  extra: { env?: NodeJS.ProcessEnv; clock?: Clock } = {},
): Promise<{ t: TestApp; payments: CardSandbox }> {
  const payments = sandboxFor();
  const t = await startTestApp({
    env: { ...testEnv, ...extra.env },
    deps: { payments, ...(extra.clock !== undefined && { clock: extra.clock }) },
  });
  await ensureRates(t);
  return { t, payments };
}

export type Body = Record<string, unknown>;

export async function newDraft(t: TestApp, s: SignedIn, amount: unknown = '100.00') {
  return call<Body>(t, 'POST', '/api/exchanges/', { token: s.token, body: { from_amount: amount } });
}

/** Draft + validation; returns the exchange and our session id taken from the checkout URL. */
export async function validated(t: TestApp, s: SignedIn, amount = '100.00') {
  const draft = await newDraft(t, s, amount);
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await call<{ url: string }>(t, 'GET', `/api/exchanges/${String(draft.body.id)}/validate/`, {
    token: s.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = /\/sandbox\/checkout\/(ps_[A-Za-z0-9]+)$/.exec(res.body.url)?.[1];
  if (!session) throw new Error(`unexpected checkout URL ${res.body.url}`);
  return { exchange: draft.body, session, url: res.body.url };
}

export const eventId = () => `evt_test_${randomBytes(10).toString('hex')}`;

/** A Stripe-shaped checkout.session.completed for one of our sessions. */
export function completedEvent(
  session: string,
  amountTotal: number,
  options: {
    id?: string;
    created?: Date;
    mode?: 'payment' | 'subscription';
    type?: string;
    subscription?: string;
  } = {},
) {
  return {
    id: options.id ?? eventId(),
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    data: {
      object: {
        id: `cs_test_${session.slice(3)}`,
        object: 'checkout.session',
        client_reference_id: session,
        mode: options.mode ?? 'payment',
        amount_total: amountTotal,
        currency: 'eur',
        payment_status: 'paid',
        payment_intent: `pi_test_${session.slice(3)}`,
        subscription: options.subscription ?? null,
      },
    },
  };
}

/** Posts a raw event body with a signature, as the provider does (no JSON re-encoding on the way). */
export async function postEvent(
  t: TestApp,
  event: unknown,
  options: { secret?: string; signedAt?: Date; header?: string } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    options.header ?? signPayload(payload, options.secret ?? webhookSecret, options.signedAt ?? new Date());
  const res = await fetch(`${t.baseUrl}/api/billing/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [signatureHeader]: header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Body };
}

export async function me(t: TestApp, s: SignedIn) {
  const res = await call<{ results: Body[] }>(t, 'GET', '/api/users/', { token: s.token });
  const user = res.body.results[0];
  if (!user) throw new Error('no current user');
  return user as {
    balance: string;
    subscription: boolean;
    rate_delta: string;
    rate_subscription: string;
    rate_freemium: string;
  };
}

/** The ledger entries written for one exchange (there must be at most one). */
export async function exchangeEntries(t: TestApp, exchangeId: unknown) {
  return t.database.db
    .selectFrom('ledger_entries')
    .select(['id', 'kind'])
    .where('reference_type', '=', 'exchange')
    .where('reference_id', '=', String(exchangeId))
    .execute();
}

/** An API EUR amount (`"100.50"`) in cents, read exactly by the app's own parser (no float arithmetic). */
export function eurCents(text: unknown): number {
  const parsed = parseAmount(text, 'EUR');
  if (!parsed.ok) throw new Error(`not an EUR amount: ${String(text)}`);
  return minorAsWireInteger(parsed.value.minor);
}

/** Pays a checkout with the sandbox's test card, as the customer's browser does; returns our session id. */
export async function payWithCard(t: TestApp, url: string): Promise<string> {
  const session = /\/sandbox\/checkout\/(ps_[A-Za-z0-9]+)$/.exec(url)?.[1] ?? '';
  const res = await fetch(`${t.baseUrl}/sandbox/checkout/${session}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return session;
}
