import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../common/api/errors.ts';
import { agency, create, customer } from '../../server/modules/transfers/transactions.fixtures.ts';
import { serverKeys } from '../../server/security/keys.ts';
import { call, ensureRates, movableClock, signIn, testEnv, type SignedIn } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { ruleOf, targetOf } from './route-rules.ts';
import { buildWorld, routeTable, type World } from './security-helpers.ts';

/**
 * Access tokens: every forged, expired or revoked token is a 401 on every authenticated
 * route of the app. server/modules/auth/sessions.test.ts proves the same on one route with the finer cases
 * (malformed headers, another user's session).
 */
const clock = movableClock();
const t = await startTestApp({ env: { ...testEnv, SESSION_TTL_SECONDS: '3600' }, deps: { clock } });
const authenticated = routeTable(t.app).filter((r) => {
  const rule = ruleOf(r);
  return rule !== undefined && rule.access !== 'public' && rule.access !== 'signed-body';
});
let w: World;
beforeAll(async () => {
  await ensureRates(t);
  w = await buildWorld(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const key = () => serverKeys(t.config.SECRET_KEY).jwt;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string; sub: string };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (claims: Record<string, unknown>, sub: string, exp: number | string, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setSubject(sub).setExpirationTime(exp).sign(key());

/** Each bad token beside the route it is tried on; all of them must be 401 everywhere. */
async function badTokens(victim: SignedIn, other: SignedIn): Promise<Record<string, string>> {
  const { sid, sub } = claimsOf(victim.token);
  const [header, payload, signature] = victim.token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const otherKey = serverKeys('another-secret-key-of-at-least-32-characters').jwt;

  // Revoked: a session of its own, logged out.
  const revoked = await signIn(t);
  expect((await call(t, 'POST', '/api/auth/logout/', { token: revoked.token })).status).toBe(204);
  // A token that is still "valid" by its exp, for a session the server has expired.
  const stale = await signIn(t);
  const { sid: staleSid } = claimsOf(stale.token);
  await t.database.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', staleSid)
    .execute();
  const staleLongLived = await sign({ sid: staleSid }, String(stale.userId), '30d');

  return {
    'tampered payload (sub of another user)': `${header}.${b64({ ...claims, sub: String(other.userId) })}.${signature}`,
    'tampered payload (longer exp)': `${header}.${b64({ ...claims, exp: 4_102_444_800 })}.${signature}`,
    'tampered signature': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    'alg none (unsecured JWT)': new UnsecuredJWT({ sid }).setSubject(sub).setExpirationTime('5m').encode(),
    'alg none header on a signed token': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none header, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    'another algorithm with the right key (HS512)': await sign({ sid }, sub, '5m', 'HS512'),
    'wrong key': await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('5m')
      .sign(otherKey),
    'expired (right key, live session)': await sign({ sid }, sub, Math.floor(Date.now() / 1000) - 60),
    'revoked after logout': revoked.token,
    'session expired server-side, token exp in 30 days': staleLongLived,
    "another user's session id": await sign({ sid: claimsOf(other.token).sid }, sub, '5m'),
    'no session id': await sign({}, sub, '5m'),
  };
}

describe('access tokens on every authenticated route', () => {
  it('refuses forged, expired and revoked tokens with 401 and nothing else', async () => {
    expect(authenticated.length).toBeGreaterThan(20);
    const tokens = await badTokens(w.alice, w.mallory);
    const failures: string[] = [];
    for (const route of authenticated) {
      const rule = ruleOf(route);
      if (!rule) continue;
      const target = targetOf(route, rule, w);
      for (const [what, token] of Object.entries(tokens)) {
        const res = await call(t, route.method, target, { token, ...(rule.body && { body: rule.body(w) }) });
        if (
          res.status !== 401 ||
          JSON.stringify(res.body) !== JSON.stringify({ detail: genericMessages.unauthenticated })
        ) {
          failures.push(`${route.method} ${route.url} with ${what}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The victim's own token still works: the refusals were about the forgeries.
    expect((await call(t, 'GET', '/api/users/', { token: w.alice.token })).status).toBe(200);
  });

  it('an expired session ends with its lifetime (SESSION_TTL_SECONDS) on the injected clock', async () => {
    const s = await signIn(t);
    clock.advance(3590);
    expect((await call(t, 'GET', '/api/users/', { token: s.token })).status).toBe(200);
    clock.advance(20);
    expect((await call(t, 'GET', '/api/users/', { token: s.token })).status).toBe(401);
    clock.advance(-3610);
  });

  it('takes the role from the database, never from the token: a validly signed "BANKER" claim changes nothing', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 50_00n);
    const tx = await create(t, alice, { amount: 5, contact: Number(agencyId) });
    const { sid, sub } = claimsOf(alice.token);
    const boasting = await sign({ sid, role: 'BANKER', agency_id: agencyId, agencyId }, sub, '5m');
    const res = await call(t, 'GET', `/api/withdrawals/${String(tx.body.token)}/`, { token: boasting });
    expect(res.status).toBe(403);
  });
});
