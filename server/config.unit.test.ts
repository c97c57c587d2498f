import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secrets = {
  SECRET_KEY: 's'.repeat(32),
  SECURITY_CODE_PEPPER: 'p'.repeat(32),
  // A 32-byte Ed25519 seed, base64: the public ledger's signing key.
  CHAIN_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
  KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // The mobile-wallet operator production needs (its sandbox is refused there).
  PAYOUT_WALLET_PARTNER: 'http',
  PAYOUT_WALLET_URL: 'https://wallets.example',
  PAYOUT_WALLET_KEY: 'k',
  PAYOUT_WALLET_CALLBACK_SECRET: 'c'.repeat(32),
};
const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-secrets-')), 'dev-secrets.json');

describe('loadConfig: secrets and adapters', () => {
  it('generates development secrets once, mode 600, and reuses them', () => {
    const file = tmpFile();
    const first = loadConfig({ DEV_SECRETS_FILE: file });
    expect(first.SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DEV_SECRETS_FILE: file }).SECRET_KEY).toBe(first.SECRET_KEY);
    expect(loadConfig({ DEV_SECRETS_FILE: file, ...secrets }).SECRET_KEY).toBe(secrets.SECRET_KEY);
  });

  it('requires secrets and a public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: 'true' })).toThrow(/SECRET_KEY: required/);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: 'true', ...secrets })).toThrow(/PUBLIC_URL/);
    const { CHAIN_SIGNING_KEY: _key, ...noChainKey } = secrets;
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: 'true', ...noChainKey })).toThrow(
      /CHAIN_SIGNING_KEY: required/,
    );
    expect(() => loadConfig({ ...secrets, CHAIN_SIGNING_KEY: 'bm90IGEga2V5' })).toThrow(
      /CHAIN_SIGNING_KEY: not an Ed25519/,
    );
  });

  it('the identity documents key is 32 bytes, required in production, generated and kept in development', () => {
    const { KYC_ENCRYPTION_KEY: _kyc, ...noKycKey } = secrets;
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_ADAPTERS: 'true', ...noKycKey })).toThrow(
      /KYC_ENCRYPTION_KEY: required/,
    );
    expect(() => loadConfig({ ...secrets, KYC_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /KYC_ENCRYPTION_KEY: must be 32 bytes/,
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-key-')), 'secrets.json');
    const first = loadConfig({ DEV_SECRETS_FILE: file }).KYC_ENCRYPTION_KEY;
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(loadConfig({ DEV_SECRETS_FILE: file }).KYC_ENCRYPTION_KEY).toBe(first);
  });

  it('VAPID keys generated on first start and kept; in production from configuration, checked, or none', () => {
    const file = tmpFile();
    const first = loadConfig({ DEV_SECRETS_FILE: file }).vapid;
    expect(Buffer.from(first?.publicKey ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(first?.privateKey ?? '', 'base64url')).toHaveLength(32);
    expect(loadConfig({ DEV_SECRETS_FILE: file }).vapid).toEqual(first);
    expect(first?.subject).toBe('mailto:no-reply@wallet.localhost');
    // A secrets file from before Web Push: a pair derived from its SECRET_KEY, the same at every start.
    const old = tmpFile();
    fs.writeFileSync(old, JSON.stringify({ SECRET_KEY: 'o'.repeat(32), SECURITY_CODE_PEPPER: 'p'.repeat(32) }));
    const derived = loadConfig({ DEV_SECRETS_FILE: old }).vapid;
    expect(derived?.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(loadConfig({ DEV_SECRETS_FILE: old }).vapid).toEqual(derived);

    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://w.example',
      TRUST_PROXY: '1',
      ALLOW_DEV_ADAPTERS: 'true',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...secrets,
    };
    expect(loadConfig(prod).vapid).toBeUndefined();
    const pair = { VAPID_PUBLIC_KEY: first?.publicKey ?? '', VAPID_PRIVATE_KEY: first?.privateKey ?? '' };
    expect(loadConfig({ ...prod, ...pair }).vapid).toEqual({ ...first, subject: 'https://w.example' });
    expect(loadConfig({ ...prod, ...pair, VAPID_SUBJECT: 'mailto:ops@w.example' }).vapid?.subject).toBe(
      'mailto:ops@w.example',
    );
    expect(() => loadConfig({ ...prod, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() => loadConfig({ ...prod, ...pair, VAPID_PUBLIC_KEY: derived?.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...prod, ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: not a P-256/,
    );
    expect(() => loadConfig({ ...prod, ...pair, VAPID_SUBJECT: 'http://w.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('refuses built-in adapters in production unless ALLOW_DEV_ADAPTERS=true', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://w.example', TRUST_PROXY: '1', ...secrets };
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example:587' })).toThrow(/SMS_PROVIDER_URL/);
    const sms = {
      SMS_PROVIDER_URL: 'https://api.twilio.com',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 't',
      SMS_FROM: '+15005550006',
    };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example:587', ...sms })).toThrow(/STRIPE_SECRET_KEY/);
    const real = loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example:587', ...sms, ...stripe });
    expect([real.smtpConfigured, real.smsConfigured]).toEqual([true, true]);
    expect(loadConfig({ ...prod, ALLOW_DEV_ADAPTERS: 'true', ...stripe }).smtpConfigured).toBe(false);
  });

  it('ALLOW_DEV_ADAPTERS is the outbox switch only; production never runs the sandbox', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://w.example', TRUST_PROXY: '1', ...secrets };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ ...prod, ALLOW_DEV_ADAPTERS: 'true' })).toThrow(
      /STRIPE_SECRET_KEY: required in production/,
    );
    expect(() => loadConfig({ ...prod, ALLOW_DEV_ADAPTERS: 'true', ...stripe, EXPOSE_DEV_ROUTES: 'true' })).toThrow(
      /EXPOSE_DEV_ROUTES: refused in production/,
    );
    expect(loadConfig({ ...prod, ALLOW_DEV_ADAPTERS: 'true', ...stripe }).devRoutes).toBe(false);
    expect(() =>
      loadConfig({ ...prod, ALLOW_DEV_ADAPTERS: 'true', ...stripe, PAYOUT_WALLET_PARTNER: 'sandbox' }),
    ).toThrow(/PAYOUT_WALLET_PARTNER: the sandbox is refused in production/);
  });

  it('mounts the dev routes only when EXPOSE_DEV_ROUTES says so, a loopback HOST included', () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '192.168.1.10']) {
      expect(loadConfig({ ...secrets, HOST }).devRoutes).toBe(false);
      expect(loadConfig({ ...secrets, HOST, EXPOSE_DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    }
  });

  it('wants all SMS variables or none, and short secrets are refused', () => {
    expect(() => loadConfig({ ...secrets, SMS_PROVIDER_URL: 'https://api.twilio.com' })).toThrow(/SMS_\*/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
  });

  it('reads limits and TRUST_PROXY', () => {
    const c = loadConfig({ ...secrets, LOGIN_CODE_MAX_ATTEMPTS: '3', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    expect(c.LOGIN_CODE_MAX_ATTEMPTS).toBe(3);
    expect(c.LOGIN_CODE_TTL_SECONDS).toBe(600);
    expect(c.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ ...secrets, LOGIN_CODE_MAX_ATTEMPTS: '0' })).toThrow(ConfigError);
  });

  it('production with an https PUBLIC_URL refuses to start without TRUST_PROXY', () => {
    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://w.example',
      ALLOW_DEV_ADAPTERS: 'true',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...secrets,
    };
    expect(() => loadConfig(prod)).toThrow(/TRUST_PROXY: required in production/);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'false' })).toThrow(/TRUST_PROXY: required in production/);
    expect(loadConfig({ ...prod, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(() => loadConfig({ ...prod, PUBLIC_URL: 'http://10.0.0.5:3000' })).not.toThrow();
  });
});
