import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/api/auth.ts';
import { genericMessages } from '../../../common/api/errors.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  call,
  lastCode,
  movableClock,
  otherCode,
  testEnv,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from '../../../tests/support/identity.ts';

// Small per-IP caps so the tests reach them; the per-identifier limits keep their defaults (5 tries, 30 s, 10/h)
// except the hourly cap, lowered to 3 to keep the test short.
let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ...testEnv,
      LOGIN_CODES_PER_IDENTIFIER_PER_HOUR: '3',
      LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '3',
      LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: '4',
    },
    deps: { clock },
  });
});
afterAll(async () => {
  await t.close();
});

const send = (email: string, ip = uniqueIp()) =>
  call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' }, ip });
const verify = (email: string, code: string, ip = uniqueIp()) =>
  call(t, 'POST', '/api/auth/verify_code/', { body: { email, code }, ip });
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

async function newCode(email: string): Promise<string> {
  const res = await send(email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return lastCode(t, email);
}

describe('wrong codes', () => {
  it('allows 5 wrong tries; the 6th fails even with the right code', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, otherCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: [authMessages.wrongCode] });
    }
    const sixth = await verify(email, code);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: genericMessages.tooManyRequests });
    expect(retryAfter(sixth)).toBeGreaterThan(0);
    expect(retryAfter(sixth)).toBeLessThanOrEqual(900);
  });

  it('does not reset the failures when a new code is sent', async () => {
    const email = uniqueEmail();
    const first = await newCode(email);
    for (let i = 0; i < 3; i++) expect((await verify(email, otherCode(first))).status).toBe(400);
    clock.advance(31);
    const second = await newCode(email);
    for (let i = 0; i < 2; i++) expect((await verify(email, otherCode(second))).status).toBe(400);
    expect((await verify(email, second)).status).toBe(429);
    clock.advance(31);
    const third = await newCode(email);
    expect((await verify(email, third)).status).toBe(429);
  });

  it('lets the identifier try again once the failure window (15 min) has passed', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    for (let i = 0; i < 5; i++) await verify(email, otherCode(code));
    const blocked = await verify(email, code);
    expect(blocked.status).toBe(429);
    clock.advance(retryAfter(blocked));
    const fresh = await newCode(email);
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it('clears the failures after a successful sign-in', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, otherCode(code))).status).toBe(400);
    expect((await verify(email, code)).status).toBe(200);
    clock.advance(31);
    const next = await newCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, otherCode(next))).status).toBe(400);
    expect((await verify(email, next)).status).toBe(200);
  });

  it('counts concurrent wrong guesses exactly: never more than 5 get an answer other than 429', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(email, otherCode(code))));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('uses a code once, even when two verifications race', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    const answers = await Promise.all([verify(email, code), verify(email, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });
});

describe('code lifetime', () => {
  it('expires a code after 10 minutes', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    clock.advance(601);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('accepts a code just before its 10 minutes are up', async () => {
    const email = uniqueEmail();
    const code = await newCode(email);
    clock.advance(590);
    expect((await verify(email, code)).status).toBe(200);
  });

  it('retires the previous code when a new one is sent', async () => {
    const email = uniqueEmail();
    const first = await newCode(email);
    clock.advance(31);
    const second = await newCode(email);
    if (first !== second) expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });
});

describe('sending codes', () => {
  it('sends at most one code per identifier every 30 s', async () => {
    const email = uniqueEmail();
    expect((await send(email)).status).toBe(200);
    const again = await send(email);
    expect(again.status).toBe(429);
    expect(retryAfter(again)).toBeGreaterThan(0);
    expect(retryAfter(again)).toBeLessThanOrEqual(30);
    clock.advance(31);
    expect((await send(email)).status).toBe(200);
  });

  it('caps codes per identifier per hour (3 here, 10 by default), whatever the IP', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      expect((await send(email)).status).toBe(200);
      clock.advance(31);
    }
    const capped = await send(email);
    expect(capped.status).toBe(429);
    expect(retryAfter(capped)).toBeGreaterThan(3600 - 3 * 31 - 5);
    expect(retryAfter(capped)).toBeLessThanOrEqual(3600 - 3 * 31 + 1);
    clock.advance(retryAfter(capped));
    expect((await send(email)).status).toBe(200);
  });

  it('caps code requests per IP per hour (3 here, 100 by default), whatever the identifier', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await send(uniqueEmail(), ip)).status).toBe(200);
    const capped = await call(t, 'POST', '/api/auth/send_code/', {
      body: { phone_number: uniquePhone(), language: 'fr' },
      ip,
    });
    expect(capped.status).toBe(429);
    expect(retryAfter(capped)).toBeGreaterThan(3500);
    expect((await send(uniqueEmail())).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: new addresses in the same /64 share one budget', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 1; i <= 3; i++) expect((await send(uniqueEmail(), `${prefix}::${i}`)).status).toBe(200);
    expect((await send(uniqueEmail(), `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    expect((await send(uniqueEmail(), `2001:db8:${randomBytes(2).toString('hex')}:1::1`)).status).toBe(200);
  });

  it('caps verifications per IP per hour (4 here, 300 by default)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await verify(uniqueEmail(), '123456', ip)).status).toBe(400);
    const capped = await verify(uniqueEmail(), '123456', ip);
    expect(capped.status).toBe(429);
    expect(retryAfter(capped)).toBeGreaterThan(0);
  });

  it('answers alike for an identifier that has an account and one that does not', async () => {
    const known = uniqueEmail();
    expect((await verify(known, await newCode(known))).status).toBe(200);
    clock.advance(31);
    const a = await send(known);
    const b = await send(uniqueEmail());
    expect([a.status, a.body]).toEqual([b.status, b.body]);
  });
});
