import { expect } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';

/** The customer's own rate now (GET /api/users/ `rate_delta`), MAD per EUR. */
export async function ownRate(t: TestApp, who: SignedIn): Promise<string> {
  const me = await call<{ results: { rate_delta: string }[] }>(t, 'GET', '/api/users/', { token: who.token });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  const rate = me.body.results[0]?.rate_delta;
  if (!rate) throw new Error('no rate');
  return rate;
}

/**
 * A threshold `percent` above the customer's rate (default 10 %), 4 decimals: far enough from both bounds that a
 * rate another test file sets meanwhile on a shared database does not make it invalid.
 */
export async function thresholdAbove(t: TestApp, who: SignedIn, percent = 10): Promise<string> {
  const [whole = '0', fraction = ''] = (await ownRate(t, who)).split('.');
  const units = BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  const above = (units * BigInt(100 + percent)) / 100n;
  const digits = above.toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** A new active alert of `who`, 10 % above their rate; its id. */
export async function newRateAlert(t: TestApp, who: SignedIn): Promise<number> {
  const made = await call<{ id: number }>(t, 'POST', '/api/rate-alerts/', {
    token: who.token,
    body: { threshold: await thresholdAbove(t, who) },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}
