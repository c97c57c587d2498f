import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import type { TestApp } from './test-app.ts';

/**
 * Sign-in helpers for API tests. Test files share one database and run in parallel: every identifier and every
 * client IP is unique, so no test sees another's codes or counters. The app must trust X-Forwarded-For
 * (`env: { TRUST_PROXY: 'true' }`) for the per-test IP to apply.
 */
export const testEnv = { TRUST_PROXY: 'true' } as const;

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID()}@example.com`;
/** A French mobile number: +33 6 or 7 then 8 random digits. */
export const uniquePhone = () =>
  `+33${6 + ((randomBytes(1)[0] ?? 0) % 2)}${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
export const uniqueIp = () => `10.${[...randomBytes(3)].join('.')}`;

export interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  t: TestApp,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? uniqueIp(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  // A CSV export or a page is read as text; anything announced as JSON must parse.
  const json = (res.headers.get('content-type') ?? 'application/json').includes('json');
  return { status: res.status, headers: res.headers, body: (text ? (json ? JSON.parse(text) : text) : {}) as T };
}

export type Identifier = { email: string } | { phone_number: string };

export const recipientOf = (id: Identifier) => ('email' in id ? id.email : id.phone_number);

/** The newest code the built-in outbox holds for this recipient. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const res = await call<{ results: { code: string | null }[] }>(
    t,
    'GET',
    `/api/dev/outbox/?to=${encodeURIComponent(to)}`,
  );
  const code = res.body.results.find((m) => m.code !== null)?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export interface SignedIn {
  token: string;
  userId: number;
  role: string;
}

/** Sends a code, reads it from the outbox and verifies it, from one fresh IP. */
export async function signIn(
  t: TestApp,
  id: Identifier = { email: uniqueEmail() },
  language = 'en',
): Promise<SignedIn> {
  const ip = uniqueIp();
  const sent = await call(t, 'POST', '/api/auth/send_code/', { body: { ...id, language }, ip });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await lastCode(t, recipientOf(id));
  const verified = await call<{ access: string; user_id: number; role: string }>(t, 'POST', '/api/auth/verify_code/', {
    body: { ...id, code },
    ip,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.access, userId: verified.body.user_id, role: verified.body.role };
}

/** A clock tests can move forward: starts at real time, so rows written by it sit among everyone else's. */
export function movableClock(): Clock & { advance(seconds: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  };
}

/** A code other than `code` (for wrong tries). */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * GET /api/users/ needs current rates; a fresh test database has none until someone sets them. Takes a test app, or
 * a connection of a test that runs the server as a process of its own.
 */
export async function ensureRates(t: { database: Pick<TestApp['database'], 'db'> }): Promise<void> {
  const row = await t.database.db.selectFrom('rates').select('id').limit(1).executeTakeFirst();
  if (!row) {
    await t.database.db
      .insertInto('rates')
      .values({ official: '10.85', freemium: '10.70', subscription: '10.80', card_fee: '0.016' })
      .execute();
  }
}
