import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessableSecurityCodeMessage } from '../../../common/api/messages.ts';
import { securityCodeErrors } from '../../../common/api/users.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  call,
  ensureRates,
  movableClock,
  signIn,
  testEnv,
  uniqueEmail,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { hmacScheme, legacySecurityCodeHash, scryptSecurityCodeHash } from './security-code-hash.ts';
import { verifySecurityCode } from './security-code.service.ts';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { clock } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const setCode = (s: SignedIn, body: Record<string, unknown>, id = s.userId) =>
  call(t, 'POST', `/api/users/${id}/security_code/`, { token: s.token, body });
const verify = (s: SignedIn, code: string) => verifySecurityCode(t.app.services, String(s.userId), code);

async function userWithCode(code = '246810', email = uniqueEmail()): Promise<SignedIn> {
  const s = await signIn(t, { email });
  expect((await setCode(s, { security_code: code })).status).toBe(200);
  return s;
}

describe('POST /api/users/{id}/security_code/', () => {
  it('sets the first code without a current one; it is stored salted and hashed', async () => {
    const s = await signIn(t);
    const res = await setCode(s, { security_code: '135790' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ has_security_code: true });
    const row = await t.database.db
      .selectFrom('users')
      .select(['security_code_hash', 'security_code_salt'])
      .where('id', '=', String(s.userId))
      .executeTakeFirstOrThrow();
    expect(row.security_code_salt).toHaveLength(16);
    expect(row.security_code_hash).toHaveLength(33); // a scheme byte and the 32-byte key
    expect(row.security_code_hash?.[0]).toBe(hmacScheme);
    expect(row.security_code_hash?.toString('latin1')).not.toContain('135790');
    expect(await verify(s, '135790')).toEqual({ outcome: 'ok' });
  });

  it.each([
    ['pre-ADR 008 scrypt (N = 2^14)', legacySecurityCodeHash],
    [
      'ADR 008 scrypt (N = 2^10)',
      (pepper: string, code: string, salt: Buffer) => scryptSecurityCodeHash(pepper, code, salt),
    ],
  ])('verifies a code stored as %s and re-hashes it as HMAC on success', async (_, older) => {
    const s = await signIn(t);
    const salt = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const legacy = await older(t.config.SECURITY_CODE_PEPPER, '975310', salt);
    await t.database.db
      .updateTable('users')
      .set({ security_code_hash: legacy, security_code_salt: salt })
      .where('id', '=', String(s.userId))
      .execute();
    const stored = () =>
      t.database.db
        .selectFrom('users')
        .select(['security_code_hash', 'security_code_salt', 'security_code_failures'])
        .where('id', '=', String(s.userId))
        .executeTakeFirstOrThrow();
    // A wrong code is counted and leaves the old hash alone.
    expect(await verify(s, '975311')).toMatchObject({ outcome: 'invalid' });
    expect((await stored()).security_code_hash).toEqual(legacy);
    expect(await verify(s, '975310')).toEqual({ outcome: 'ok' });
    const upgraded = await stored();
    expect(upgraded.security_code_hash).toHaveLength(33);
    expect(upgraded.security_code_hash?.[0]).toBe(hmacScheme);
    expect(upgraded.security_code_salt).not.toEqual(salt);
    expect(upgraded.security_code_failures).toBe(0);
    expect(await verify(s, '975310')).toEqual({ outcome: 'ok' });
    expect(await verify(s, '975311')).toMatchObject({ outcome: 'invalid' });
  });

  it('refuses codes that are not exactly 6 digits', async () => {
    const s = await signIn(t);
    for (const security_code of ['12345', '1234567', 'abcdef', '12 456', 123456]) {
      const res = await setCode(s, { security_code });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['security_code']);
    }
  });

  it('refuses a new code anyone would try first, on the field, and sets nothing', async () => {
    const s = await signIn(t);
    for (const security_code of ['000000', '111111', '123456', '654321', '121212', '123123', '112233']) {
      const res = await setCode(s, { security_code });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ security_code: [guessableSecurityCodeMessage] });
    }
    expect(await verify(s, '123456')).toEqual({ outcome: 'not_set' });
    const changed = await userWithCode('135790');
    const weakChange = await setCode(changed, { security_code: '999999', current_security_code: '135790' });
    expect(weakChange.body).toEqual({ security_code: [guessableSecurityCodeMessage] });
    expect(await verify(changed, '135790')).toEqual({ outcome: 'ok' });
  });

  it('changing the code needs the current one', async () => {
    const s = await userWithCode('357913');
    const missing = await setCode(s, { security_code: '284613' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ current_security_code: ['This field is required.'] });
    const wrong = await setCode(s, { security_code: '284613', current_security_code: '999999' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_security_code: [securityCodeErrors.invalid], attempts_remaining: 4 });
    expect(await verify(s, '357913')).toEqual({ outcome: 'ok' });
    const changed = await setCode(s, { security_code: '284613', current_security_code: '357913' });
    expect(changed.status).toBe(200);
    expect(await verify(s, '284613')).toEqual({ outcome: 'ok' });
    expect((await verify(s, '357913')).outcome).toBe('invalid');
  });

  it("answers 404 for someone else's id", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    expect((await setCode(a, { security_code: '284613' }, b.userId)).status).toBe(404);
    expect(await verify(b, '284613')).toEqual({ outcome: 'not_set' });
  });
});

describe('lockout after 5 wrong codes, shared by every endpoint', () => {
  it('locks for 15 minutes after the 5th wrong code, even the right code, and tells the user', async () => {
    const email = uniqueEmail();
    const s = await userWithCode('314159', email);
    for (let i = 0; i < 4; i++) {
      const res = await setCode(s, { security_code: '907153', current_security_code: '999999' });
      expect(res.status).toBe(400);
      // Each wrong code says how many tries are left before the lock.
      expect(res.body).toMatchObject({ attempts_remaining: 4 - i });
    }
    const fifth = await setCode(s, { security_code: '907153', current_security_code: '999999' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ current_security_code: [securityCodeErrors.locked], locked_until: expect.any(String) });
    // ... and until when: 15 minutes from the fifth wrong code.
    const lockedFor = Date.parse((fifth.body as { locked_until: string }).locked_until) - clock.now().getTime();
    expect(lockedFor).toBeGreaterThan(890_000);
    expect(lockedFor).toBeLessThanOrEqual(900_000);
    expect(fifth.headers.get('retry-after')).toBe('900');
    expect((await setCode(s, { security_code: '907153', current_security_code: '314159' })).status).toBe(429);
    expect(await verify(s, '314159')).toMatchObject({ outcome: 'locked' });
    const mails = (await call<{ results: { subject: string }[] }>(t, 'GET', `/api/dev/outbox/?to=${email}`)).body
      .results;
    expect(mails[0]?.subject).toBe('Sila: Security code locked');

    clock.advance(901);
    expect(await verify(s, '314159')).toEqual({ outcome: 'ok' });
  });

  it('counts wrong codes from verifySecurityCode and from the endpoint together', async () => {
    const s = await userWithCode('271828');
    for (let i = 0; i < 3; i++) expect(await verify(s, '000000')).toMatchObject({ outcome: 'invalid' });
    expect(await verify(s, '000001')).toEqual({ outcome: 'invalid', remainingAttempts: 1 });
    const locked = await setCode(s, { security_code: '907153', current_security_code: '000002' });
    expect(locked.status).toBe(429);
    expect(await verify(s, '271828')).toMatchObject({ outcome: 'locked', retryAfterSeconds: expect.any(Number) });
  });

  it('a right code resets the count', async () => {
    const s = await userWithCode('161803');
    for (let i = 0; i < 4; i++) await verify(s, '000000');
    expect(await verify(s, '161803')).toEqual({ outcome: 'ok' });
    for (let i = 0; i < 4; i++) expect((await verify(s, '000000')).outcome).toBe('invalid');
  });

  it('counts concurrent wrong codes exactly', async () => {
    const s = await userWithCode('141421');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => verify(s, '000000')));
    expect(outcomes.filter((o) => o.outcome === 'invalid')).toHaveLength(4);
    expect(outcomes.filter((o) => o.outcome === 'locked')).toHaveLength(4);
  });

  it('refuses to run inside the caller transaction, where a rollback would erase the failure', async () => {
    const s = await userWithCode('173205');
    await expect(
      withTransaction(t.database.db, (tx) =>
        verifySecurityCode({ ...t.app.services, db: tx }, String(s.userId), '000000'),
      ),
    ).rejects.toThrow(/outside/);
  });
});
