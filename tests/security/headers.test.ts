import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, signIn, testEnv, uniqueEmail, type SignedIn } from '../support/identity.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { raw, type RawAnswer } from './security-helpers.ts';

/**
 * Response headers: CSP without inline scripts, no caching of API
 * answers, no sniffing, no framing, no referrer, HSTS in production, and no cookie (the API is bearer-only).
 * http-contract.test.ts checks the CSP basics on one route; this file checks every kind of answer.
 */
let dev: TestApp;
let prod: TestApp;
let s: SignedIn;
beforeAll(async () => {
  dev = await startTestApp({ env: testEnv });
  prod = await startTestApp({
    env: {
      ...testEnv,
      NODE_ENV: 'production',
      ALLOW_DEV_ADAPTERS: 'true',
  STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SECRET_KEY: 'k'.repeat(32),
      SECURITY_CODE_PEPPER: 'p'.repeat(32),
      CHAIN_SIGNING_KEY: Buffer.alloc(32, 5).toString('base64'),
      KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'https://wallet.example.com',
      PAYOUT_WALLET_PARTNER: 'http',
      PAYOUT_WALLET_URL: 'https://wallets.example.com',
      PAYOUT_WALLET_KEY: 'k',
      PAYOUT_WALLET_CALLBACK_SECRET: 'c'.repeat(32),
    },
  });
  await ensureRates(dev);
  s = await signIn(dev);
});
afterAll(async () => {
  await dev.close();
  await prod.close();
});

function directives(answer: RawAnswer): Map<string, string[]> {
  const csp = answer.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** Every kind of answer: JSON 200/400/401/404, the docs page, the sandbox and explorer pages, a stylesheet. */
async function sample(t: TestApp, token?: string): Promise<[string, RawAnswer][]> {
  const json = 'application/json';
  return [
    ['api 200', await raw(t, 'GET', '/api/health/')],
    ['api 200 personal', await raw(t, 'GET', '/api/users/', { ...(token && { token }) })],
    ['api 401', await raw(t, 'GET', '/api/transactions/')],
    ['api 404', await raw(t, 'GET', '/api/nothing-here/')],
    ['api 400', await raw(t, 'POST', '/api/auth/send_code/', { body: '{bad', contentType: json })],
    ['api 415', await raw(t, 'POST', '/api/auth/send_code/', { body: 'x', contentType: 'text/plain' })],
    ['api docs page', await raw(t, 'GET', '/api/docs/', { headers: { accept: 'text/html' } })],
    ['openapi', await raw(t, 'GET', '/api/openapi.json')],
    ['explorer page', await raw(t, 'GET', '/explorer/tx/nothing', { headers: { accept: 'text/html' } })],
    [
      'sandbox page',
      await raw(t, 'GET', '/sandbox/checkout/ps_0000000000000000', { headers: { accept: 'text/html' } }),
    ],
    ['stylesheet', await raw(t, 'GET', '/explorer/explorer.css')],
  ];
}

describe('security headers', () => {
  it('sends a CSP without inline or eval scripts, framing or plugins on every answer', async () => {
    for (const [what, answer] of await sample(dev, s.token)) {
      const csp = directives(answer);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts, what).toEqual(["'self'"]);
      expect(answer.headers.get('content-security-policy'), what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      expect(csp.get('form-action'), what).toEqual(["'self'"]);
    }
  });

  it('forbids sniffing, framing and referrers, and does not say what runs the server', async () => {
    for (const [what, answer] of await sample(dev, s.token)) {
      expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), what).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(answer.headers.get('referrer-policy'), what).toBe('no-referrer');
      expect(answer.headers.get('x-powered-by'), what).toBeNull();
      expect(answer.headers.get('server'), what).toBeNull();
    }
  });

  it('never lets an API answer be cached, errors included', async () => {
    for (const [what, answer] of await sample(dev, s.token)) {
      if (!what.startsWith('api ') && what !== 'openapi') continue;
      expect(answer.headers.get('cache-control'), what).toBe('no-store');
    }
    // Also a 429 and a money answer.
    const email = uniqueEmail('hdr');
    await call(dev, 'POST', '/api/auth/send_code/', { body: { email } });
    const limited = await call(dev, 'POST', '/api/auth/send_code/', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('cache-control')).toBe('no-store');
  });

  it('adds HSTS and upgrade-insecure-requests in production only', async () => {
    for (const [what, answer] of await sample(prod)) {
      expect(answer.headers.get('strict-transport-security'), what).toMatch(/^max-age=31536000; includeSubDomains/);
      expect(directives(answer).has('upgrade-insecure-requests'), what).toBe(true);
    }
    for (const [what, answer] of await sample(dev)) {
      expect(answer.headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('has no sign-in outbox in production', async () => {
    expect((await raw(prod, 'GET', '/api/dev/outbox/')).status).toBe(404);
  });

  it('sets no cookie anywhere (bearer tokens only); any cookie would have to be Secure, HttpOnly, SameSite', async () => {
    const answers: RawAnswer[] = (await sample(dev, s.token)).map(([, a]) => a);
    const email = uniqueEmail('cookie');
    answers.push(
      await raw(dev, 'POST', '/api/auth/send_code/', {
        body: JSON.stringify({ email }),
        contentType: 'application/json',
      }),
    );
    const code = await call<{ results: { code: string | null }[] }>(dev, 'GET', `/api/dev/outbox/?to=${email}`);
    answers.push(
      await raw(dev, 'POST', '/api/auth/verify_code/', {
        body: JSON.stringify({ email, code: code.body.results[0]?.code }),
        contentType: 'application/json',
      }),
    );
    answers.push(await raw(dev, 'POST', '/api/auth/logout/', { token: s.token }));
    for (const answer of answers) {
      for (const cookie of answer.headers.getSetCookie()) {
        expect(cookie).toMatch(/;\s*Secure/i);
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=(Strict|Lax)/i);
      }
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });
});
