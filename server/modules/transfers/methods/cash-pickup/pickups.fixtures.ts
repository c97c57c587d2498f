import { expect } from 'vitest';
import { call, uniquePhone, type Answer, type SignedIn } from '../../../../../tests/support/identity.ts';
import type { TestApp } from '../../../../../tests/support/test-app.ts';
import { CODE, create, customer, recipientOf, type Customer } from '../../transactions.fixtures.ts';

/** Test data for the cash pickup tests. */
export type Tx = Record<string, unknown> & {
  id: number;
  status: string;
  pickup_reference: string | null;
  pickup?: Record<string, unknown>;
};

export interface Sent {
  alice: Customer;
  phone: string;
  contact: number;
  tx: Tx;
  reference: string;
}

/** Alice (200 MAD) sends `amount` MAD as a cash pickup to Rec Ipient's phone. */
export async function sentPickup(t: TestApp, extra: Record<string, unknown> = {}, amount = 50): Promise<Sent> {
  const alice = await customer(t, 200_00n);
  const phone = uniquePhone();
  const contact = await recipientOf(t, alice, { phone_number: phone, first_name: 'Fatima', last_name: 'Zahra' });
  const res = await create(t, alice, { amount, contact, delivery: 'cash_pickup', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const tx = res.body as Tx;
  return { alice, phone, contact, tx, reference: String(tx.pickup_reference) };
}

export const lookup = (t: TestApp, reference: string, s: SignedIn) =>
  call(t, 'GET', `/api/pickups/${encodeURIComponent(reference)}/`, { token: s.token });

export const idCheck = {
  security_code: CODE,
  id_document_type: 'national_id',
  id_document_number: 'BE 123456',
  recipient_name_matches: true,
} as const;

export const pay = (
  t: TestApp,
  reference: string,
  s: SignedIn,
  body: Record<string, unknown> = idCheck,
  key?: string,
): Promise<Answer> =>
  call(t, 'POST', `/api/pickups/${encodeURIComponent(reference)}/pay/`, {
    token: s.token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

export const reserve = (t: TestApp, reference: string, s: SignedIn) =>
  call(t, 'POST', `/api/pickups/${reference}/reserve/`, { token: s.token });
export const release = (t: TestApp, reference: string, s: SignedIn) =>
  call(t, 'POST', `/api/pickups/${reference}/release/`, { token: s.token });
export const cancel = (t: TestApp, s: SignedIn, id: number) =>
  call(t, 'POST', `/api/transactions/${id}/cancel/`, { token: s.token });
export const detail = (t: TestApp, s: SignedIn, id: number) =>
  call<Tx>(t, 'GET', `/api/transactions/${id}/`, { token: s.token });

/**
 * The messages to `to`, newest first, once there are at least `atLeast` (notifications leave after the response:
 * waits up to 3 s for them).
 */
export async function outbox(t: TestApp, to: string, atLeast = 1): Promise<{ subject: string | null; body: string }[]> {
  for (let waited = 0; ; waited += 50) {
    const res = await call<{ results: { subject: string | null; body: string }[] }>(
      t,
      'GET',
      `/api/dev/outbox/?to=${encodeURIComponent(to)}`,
    );
    if (res.body.results.length >= atLeast || waited >= 3000) return res.body.results;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the newest message to `to` has this subject. Notifications leave after the response and the
 * delivery passes of an API process are gathered (server/modules/notifications/delivery.worker.ts), so a test
 * reading the outbox once right after the request would race the worker; `to` may hold older messages (its
 * sign-in code), so counting is not enough. 5 s: a loaded CI machine, never a wait when the message is there.
 */
export async function expectNewestSubject(t: TestApp, to: string, subject: string): Promise<void> {
  await expect.poll(async () => (await outbox(t, to, 0))[0]?.subject, { timeout: 5000, interval: 50 }).toBe(subject);
}

/** A valid reference (right check digit) that names no pickup: another digit changed, check digit recomputed. */
export function otherValidReference(reference: string, make: (body: string) => string): string {
  const body = reference.slice(0, 8) + String((Number(reference[8]) + 1) % 10);
  return make(body);
}
