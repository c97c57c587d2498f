import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, ensureRates, movableClock, signIn, testEnv } from '../../../tests/support/identity.ts';
import { serverKeys } from '../../security/keys.ts';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, SESSION_TTL_SECONDS: '600' }, deps: { clock } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const me = (token?: string) => call(t, 'GET', '/api/users/', { token });
const sessionOf = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sid: string;
    sub: string;
  };
  return payload;
};

describe('access tokens', () => {
  it('authenticates with a fresh token and refuses no token or a malformed header with 401', async () => {
    const { token } = await signIn(t);
    expect((await me(token)).status).toBe(200);
    const none = await me();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    for (const authorization of [
      'Bearer',
      `Token ${token}`,
      `Bearer ${token} extra`,
      'Bearer a.b',
      `bearer ${token}x!`,
    ]) {
      expect((await call(t, 'GET', '/api/users/', { headers: { authorization } })).status).toBe(401);
    }
  });

  it('refuses a tampered token', async () => {
    const { token } = await signIn(t);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect((await me(`${header}.${forged}.${signature}`)).status).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await me(`${header}.${payload}.${flipped}`)).status).toBe(401);
  });

  it('refuses alg none and a token signed with another key', async () => {
    const { token } = await signIn(t);
    const { sid, sub } = sessionOf(token);
    const unsecured = new UnsecuredJWT({ sid }).setSubject(sub).setIssuedAt().setExpirationTime('5m').encode();
    expect((await me(unsecured)).status).toBe(401);
    const otherKey = serverKeys('another-secret-key-of-at-least-32-characters').jwt;
    const wrongKey = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('5m')
      .sign(otherKey);
    expect((await me(wrongKey)).status).toBe(401);
  });

  it('refuses a validly signed token whose session does not exist or belongs to someone else', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const key = serverKeys(t.config.SECRET_KEY).jwt;
    const sign = (sid: string, sub: string) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('5m').sign(key);
    expect((await me(await sign(randomUUID(), String(a.userId)))).status).toBe(401);
    expect((await me(await sign(sessionOf(a.token).sid, String(b.userId)))).status).toBe(401);
  });

  it('refuses an expired token (session lifetime from SESSION_TTL_SECONDS)', async () => {
    const { token } = await signIn(t);
    clock.advance(590);
    expect((await me(token)).status).toBe(200);
    clock.advance(20);
    expect((await me(token)).status).toBe(401);
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the session server-side: the same token is refused afterwards', async () => {
    const { token } = await signIn(t);
    const other = await signIn(t);
    const out = await call(t, 'POST', '/api/auth/logout/', { token });
    expect(out.status).toBe(204);
    expect((await me(token)).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/logout/', { token })).status).toBe(401);
    // Other sessions live on.
    expect((await me(other.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call(t, 'POST', '/api/auth/logout/')).status).toBe(401);
  });
});
