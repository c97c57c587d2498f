import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../common/api/auth.ts';
import { securityCodeErrors } from '../../common/api/users.ts';
import {
  agency,
  balanceOf,
  CODE,
  create,
  customer,
  recipientOf,
  teller,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import {
  call,
  ensureRates,
  lastCode,
  movableClock,
  otherCode,
  testEnv,
  uniqueEmail,
  uniqueIp,
} from '../support/identity.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Online guessing of every secret a client can try: sign-in codes, the security code, and
 * withdrawal tokens at the counter. Finer points of the sign-in limits (expiry, races, the hourly caps with their
 * windows) are in server/modules/auth/login-limits.test.ts; of the security code (shared count, concurrency) in
 * server/modules/users/security-code.test.ts.
 */
let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '4', LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: '6' },
    deps: { clock },
  });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const send = (email: string, ip = uniqueIp()) =>
  call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' }, ip });
const verify = (email: string, code: string, ip = uniqueIp()) =>
  call(t, 'POST', '/api/auth/verify_code/', { body: { email, code }, ip });

async function newCode(email: string): Promise<string> {
  const res = await send(email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return lastCode(t, email);
}

describe('sign-in code', () => {
  it('the 6th try fails even with the right code, though every try came from another IP', async () => {
    const email = uniqueEmail('bf');
    const code = await newCode(email);
    for (let i = 0; i < 5; i++) {
      expect((await verify(email, otherCode(code))).body).toEqual({ code: [authMessages.wrongCode] });
    }
    const sixth = await verify(email, code);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a new code does not reset the failure count', async () => {
    const email = uniqueEmail('bf');
    const first = await newCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, otherCode(first))).status).toBe(400);
    clock.advance(31);
    const second = await newCode(email);
    expect((await verify(email, otherCode(second))).status).toBe(400);
    expect((await verify(email, second)).status).toBe(429);
  });

  it('limits code requests per identifier (one per 30 s) whatever the IP', async () => {
    const email = uniqueEmail('bf');
    expect((await send(email)).status).toBe(200);
    const again = await send(email);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits code requests and verifications per IP, across identifiers (4 and 6 here)', async () => {
    const ip = uniqueIp();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push((await send(uniqueEmail('ip'), ip)).status);
    expect(sent).toEqual([200, 200, 200, 200, 429]);
    const verifyIp = uniqueIp();
    const tried = [];
    for (let i = 0; i < 7; i++) tried.push((await verify(uniqueEmail('ip'), '123456', verifyIp)).status);
    expect(tried).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });
});

describe('security code', () => {
  it('locks money movement after SECURITY_CODE_MAX_ATTEMPTS wrong codes; the right code is refused until the lock ends', async () => {
    const alice = await customer(t, 500_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, { email: bob.email });
    const max = t.config.SECURITY_CODE_MAX_ATTEMPTS;
    for (let i = 1; i < max; i++) {
      const wrong = await create(t, alice, { amount: 10, contact, security_code: otherCode(CODE) });
      expect(wrong.body).toEqual({ security_code: [securityCodeErrors.invalid], attempts_remaining: max - i });
    }
    const last = await create(t, alice, { amount: 10, contact, security_code: otherCode(CODE) });
    expect(last.status).toBe(429);
    const right = await create(t, alice, { amount: 10, contact });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ security_code: [securityCodeErrors.locked], locked_until: expect.any(String) });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lock is per user, on every endpoint that checks the code: changing it is refused too.
    const change = await call(t, 'POST', `/api/users/${alice.userId}/security_code/`, {
      token: alice.token,
      body: { security_code: '246810', current_security_code: CODE },
    });
    expect(change.status).toBe(429);
    expect(await balanceOf(t, alice)).toBe('500.00');
    const history = await call<{ count: number }>(t, 'GET', '/api/transactions/', { token: alice.token });
    expect(history.body.count).toBe(0);

    clock.advance(t.config.SECURITY_CODE_LOCK_SECONDS + 1);
    expect((await create(t, alice, { amount: 10, contact })).status).toBe(201);
    expect(await balanceOf(t, alice)).toBe('490.00');
  });

  it("locks a teller's validations the same way: the withdrawal stays pending and the money held", async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const banker = await teller(t, agencyId);
    const tx = await create(t, alice, { amount: 30, contact: Number(agencyId) });
    const token = String(tx.body.token);
    const validate = (code: string) =>
      call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
        token: banker.token,
        body: { id: tx.body.id, security_code: code },
      });
    const answers = [];
    for (let i = 0; i < t.config.SECURITY_CODE_MAX_ATTEMPTS; i++)
      answers.push((await validate(otherCode(CODE))).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect((await validate(CODE)).status).toBe(429);
    const seen = await call(t, 'GET', `/api/transactions/${String(tx.body.id)}/`, { token: alice.token });
    expect(seen.body).toMatchObject({ status: 'pending', validated: false });
    expect(await balanceOf(t, alice)).toBe('70.00');
  });
});

describe('withdrawal tokens at the counter', () => {
  const guess = () => randomBytes(16).toString('base64url');

  it('a teller guessing tokens is stopped after WITHDRAWAL_LOOKUP_MAX_MISSES misses, even for a real token', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const banker = await teller(t, agencyId);
    const colleague = await teller(t, agencyId);
    const tx = await create(t, alice, { amount: 25, contact: Number(agencyId) });
    const token = String(tx.body.token);
    const lookup = (value: string, as = banker) => call(t, 'GET', `/api/withdrawals/${value}/`, { token: as.token });

    const max = t.config.WITHDRAWAL_LOOKUP_MAX_MISSES;
    // Malformed values cannot be a hit: not counted.
    for (let i = 0; i < 3; i++) expect((await lookup('not-a-token')).status).toBe(404);
    for (let i = 0; i < max; i++) expect((await lookup(guess())).status).toBe(404);
    const blocked = await lookup(token);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const pay = await call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
      token: banker.token,
      body: { id: tx.body.id, security_code: CODE },
    });
    expect(pay.status).toBe(429);
    // Per teller: a colleague at the same counter still works; the customer's money stays held.
    expect((await lookup(token, colleague)).status).toBe(200);
    expect(await balanceOf(t, alice)).toBe('75.00');

    clock.advance(t.config.WITHDRAWAL_LOOKUP_WINDOW_SECONDS + 1);
    expect((await lookup(token)).status).toBe(200);
  });

  it('counts concurrent guesses exactly', async () => {
    const banker = await teller(t, await agency(t));
    const max = t.config.WITHDRAWAL_LOOKUP_MAX_MISSES;
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, () =>
        call(t, 'GET', `/api/withdrawals/${guess()}/`, { token: banker.token }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 404)).toHaveLength(max);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
  });
});
