import path from 'node:path';
import { validateMnemonic } from '@scure/bip39';
import { isAddress } from 'viem';
import { english, privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { parseSigningKey, signingKeyFromSeed } from './security/signing-key.ts';
import { BROWSER_PUSH_SERVICES, parsePushServiceOrigins, type PushServices } from './security/push-services.ts';
import { vapidKeysFromSecret, vapidPublicKeyOf } from './security/vapid-keys.ts';
import { loadOrCreateDevSecrets } from './dev-secrets.ts';
import { deriveKey } from './security/keys.ts';
import { projectRoot } from './runtime-layout.ts';
import { processVariables } from './config/process.ts';
import { secretVariables } from './config/secrets.ts';
import { adapterVariables } from './config/adapters.ts';
import { signInVariables } from './config/sign-in.ts';
import { backOfficeVariables } from './config/back-office.ts';
import { topUpVariables } from './config/top-ups.ts';
import { sendVariables } from './config/sends.ts';
import { chainVariables } from './config/chain.ts';
import { payoutVariables } from './config/payouts.ts';
import { recoveryVariables } from './config/recovery.ts';
import { caseVariables } from './config/cases.ts';
import { receiptVariables } from './config/receipts.ts';

/** Where the project lives, so relative paths (data dir, built web app) do not depend on the cwd. */
export { projectRoot };

const configSchema = z.object({
  ...processVariables,
  ...secretVariables,
  ...adapterVariables,
  ...signInVariables,
  ...backOfficeVariables,
  ...topUpVariables,
  ...sendVariables,
  ...chainVariables,
  ...payoutVariables,
  ...recoveryVariables,
  ...caseVariables,
  ...receiptVariables,
});

type ParsedConfig = z.infer<typeof configSchema>;

export type Config = Omit<
  ParsedConfig,
  | 'SECRET_KEY'
  | 'SECURITY_CODE_PEPPER'
  | 'PUBLIC_URL'
  | 'CHAIN_SIGNING_KEY'
  | 'CHAIN_WORKER'
  | 'LIABILITIES_SNAPSHOT_CRON'
  | 'KYC_ENCRYPTION_KEY'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_SERVICE_ORIGINS'
> & {
  /** Web Push's VAPID keys and subject; undefined = no Web Push (production without VAPID_* set). */
  vapid: VapidConfig | undefined;
  /** Where pushes may go (PUSH_SERVICE_ORIGINS, or its default). */
  pushServices: PushServices;
  KYC_ENCRYPTION_KEY: string;
  LIABILITIES_SNAPSHOT_CRON: string;
  SECRET_KEY: string;
  CHAIN_SIGNING_KEY: string;
  CHAIN_WORKER: 'in-process' | 'off';
  SECURITY_CODE_PEPPER: string;
  PUBLIC_URL: string;
  embeddedPgDir: string;
  webDistDir: string;
  /** True when SMTP_URL is set; otherwise mail goes to the built-in outbox. */
  smtpConfigured: boolean;
  /** True when all SMS_* variables are set; otherwise SMS goes to the built-in outbox. */
  smsConfigured: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** The dev outbox and the sandbox checkout may be mounted: never in production, elsewhere only when told. */
  devRoutes: boolean;
  /** The EVM network when all of its variables are set; undefined = the built-in local ledger. */
  evm: EvmConfig | undefined;
};

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface EvmConfig {
  rpcUrl: string;
  chainId: number;
  explorerUrl: string;
  mnemonic: string;
  operatorKey: `0x${string}`;
  registry: `0x${string}`;
}

export class ConfigError extends Error {}

/** Parses the environment once; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const problems: string[] = [];

  const smsVariables = [c.SMS_PROVIDER_URL, c.SMS_ACCOUNT_SID, c.SMS_AUTH_TOKEN, c.SMS_FROM];
  const smsConfigured = smsVariables.every((v) => v !== undefined);
  if (!smsConfigured && smsVariables.some((v) => v !== undefined)) {
    problems.push('  SMS_*: set all of SMS_PROVIDER_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM, or none');
  }
  const smtpConfigured = c.SMTP_URL !== undefined;
  if (production && !c.ALLOW_DEV_ADAPTERS && (!smtpConfigured || !smsConfigured)) {
    problems.push(
      `  ${smtpConfigured ? 'SMS_PROVIDER_URL' : 'SMTP_URL'}: required in production (or ALLOW_DEV_ADAPTERS=true to keep messages in the built-in outbox)`,
    );
  }
  if (
    c.PAYOUT_WALLET_PARTNER === 'http' &&
    (c.PAYOUT_WALLET_URL === undefined ||
      c.PAYOUT_WALLET_KEY === undefined ||
      c.PAYOUT_WALLET_CALLBACK_SECRET === undefined)
  ) {
    problems.push(
      '  PAYOUT_WALLET_URL, PAYOUT_WALLET_KEY, PAYOUT_WALLET_CALLBACK_SECRET: required with PAYOUT_WALLET_PARTNER=http',
    );
  }
  if (c.STRIPE_SECRET_KEY !== undefined && c.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push('  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks are verified with it)');
  }
  // The sandbox "pays" with a test card number: in production it would create money out of nothing.
  // ALLOW_DEV_ADAPTERS is the mail/SMS outbox switch only: nothing lets production take cards in it.
  if (production && c.STRIPE_SECRET_KEY === undefined) {
    problems.push('  STRIPE_SECRET_KEY: required in production (the payment sandbox never runs in production)');
  }
  // The wallet operator's sandbox completes every payout it is handed: in production money would leave wallets and
  // reach no one.
  if (production && c.PAYOUT_WALLET_PARTNER === 'sandbox') {
    problems.push(
      '  PAYOUT_WALLET_PARTNER: the sandbox is refused in production (its payouts complete without reaching anyone); set http with PAYOUT_WALLET_URL, PAYOUT_WALLET_KEY and PAYOUT_WALLET_CALLBACK_SECRET',
    );
  }
  // An https PUBLIC_URL means a TLS proxy in front: without TRUST_PROXY every client is the proxy's address, and
  // one client's 100 code requests lock sign-in for everyone.
  if (
    production &&
    c.PUBLIC_URL?.startsWith('https:') &&
    (set.TRUST_PROXY === undefined || c.TRUST_PROXY === 'false')
  ) {
    problems.push(
      "  TRUST_PROXY: required in production behind the TLS proxy an https PUBLIC_URL implies (the proxy's address, e.g. 127.0.0.1, or a hop count); without it every client counts as the proxy for the per-IP sign-in limits",
    );
  }
  if (c.NODE_ENV !== 'test' && c.TEST_HOST_CLOCK_OFFSET_MS !== 0) {
    problems.push('  TEST_HOST_CLOCK_OFFSET_MS: a test hook, refused unless NODE_ENV=test');
  }
  if (production && c.EXPOSE_DEV_ROUTES) {
    problems.push(
      '  EXPOSE_DEV_ROUTES: refused in production (the dev outbox and the payment sandbox never run there)',
    );
  }
  const evm = evmConfig(c, production, problems);
  if (production) {
    // The local ledger's signing key is the production secret only when the local ledger is the ledger.
    const required = [
      'SECRET_KEY',
      'SECURITY_CODE_PEPPER',
      'PUBLIC_URL',
      'KYC_ENCRYPTION_KEY',
      ...(evm ? [] : ['CHAIN_SIGNING_KEY']),
    ];
    for (const name of required as (keyof ParsedConfig)[]) {
      if (c[name] === undefined) problems.push(`  ${name}: required in production`);
    }
  }
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys), or neither');
  } else if (c.VAPID_PRIVATE_KEY !== undefined) {
    const publicKey = vapidPublicKeyOf(c.VAPID_PRIVATE_KEY);
    if (publicKey === undefined) {
      problems.push('  VAPID_PRIVATE_KEY: not a P-256 private key (32 bytes in base64url)');
    } else if (publicKey !== c.VAPID_PUBLIC_KEY) {
      problems.push('  VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY');
    }
  }
  if (c.CHAIN_SIGNING_KEY !== undefined) {
    try {
      parseSigningKey(c.CHAIN_SIGNING_KEY);
    } catch {
      problems.push(
        '  CHAIN_SIGNING_KEY: not an Ed25519 private key (PEM, or base64 of PKCS#8 DER or of a 32-byte seed)',
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  // Production never reads or writes the development secrets file: on an EVM network the local ledger's key is
  // not a production secret, so it is derived from SECRET_KEY like a development secrets file written before the chain key existed.
  const allSet =
    c.SECRET_KEY !== undefined &&
    c.SECURITY_CODE_PEPPER !== undefined &&
    (c.CHAIN_SIGNING_KEY !== undefined || (production && evm !== undefined));
  const {
    CHAIN_SIGNING_KEY: devChainKey,
    KYC_ENCRYPTION_KEY: devKycKey,
    VAPID_PUBLIC_KEY: devVapidPublic,
    VAPID_PRIVATE_KEY: devVapidPrivate,
    ...secrets
  }: {
    SECRET_KEY: string;
    SECURITY_CODE_PEPPER: string;
    CHAIN_SIGNING_KEY?: string;
    KYC_ENCRYPTION_KEY?: string;
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
  } = allSet
    ? {
        SECRET_KEY: c.SECRET_KEY ?? '',
        SECURITY_CODE_PEPPER: c.SECURITY_CODE_PEPPER ?? '',
        CHAIN_SIGNING_KEY: c.CHAIN_SIGNING_KEY,
      }
    : { ...loadOrCreateDevSecrets(path.resolve(projectRoot, c.DEV_SECRETS_FILE)), ...definedSecrets(c) };
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`).replace(
    /\/+$/,
    '',
  );
  // Configured keys first; in production nothing else (no keys = no Web Push); else the dev file's pair, or one
  // derived from its SECRET_KEY when the file predates Web Push.
  const vapidKeys =
    c.VAPID_PUBLIC_KEY !== undefined && c.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
      : production
        ? undefined
        : devVapidPublic !== undefined && devVapidPrivate !== undefined
          ? { publicKey: devVapidPublic, privateKey: devVapidPrivate }
          : vapidKeysFromSecret(secrets.SECRET_KEY);
  const mailAddress = /<([^<>\s]+@[^<>\s]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim();
  return {
    ...c,
    ...secrets,
    pushServices: pushServicesOf(c.PUSH_SERVICE_ORIGINS, production),
    vapid: vapidKeys && {
      ...vapidKeys,
      subject: c.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : `mailto:${mailAddress}`),
    },
    // A dev secrets file written before the chain key existed has none: one derived from its SECRET_KEY is as stable, and
    // rewriting a file that concurrent processes read could give them different keys.
    CHAIN_SIGNING_KEY:
      c.CHAIN_SIGNING_KEY ?? devChainKey ?? signingKeyFromSeed(deriveKey(secrets.SECRET_KEY, 'chain-signing-ed25519')),
    // Likewise a dev file written before identity documents were encrypted has no document key: one derived from its SECRET_KEY is as stable.
    KYC_ENCRYPTION_KEY:
      c.KYC_ENCRYPTION_KEY ?? devKycKey ?? deriveKey(secrets.SECRET_KEY, 'kyc-documents-aes256gcm').toString('base64'),
    CHAIN_WORKER: c.CHAIN_WORKER ?? (c.NODE_ENV === 'test' ? 'off' : 'in-process'),
    LIABILITIES_SNAPSHOT_CRON: c.LIABILITIES_SNAPSHOT_CRON ?? (c.NODE_ENV === 'test' ? 'off' : '0 0 * * *'),
    PUBLIC_URL: publicUrl,
    embeddedPgDir: path.resolve(projectRoot, c.EMBEDDED_PG_DIR),
    webDistDir: path.resolve(projectRoot, c.WEB_DIST_DIR),
    smtpConfigured,
    smsConfigured,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    evm,
    devRoutes: !production && c.EXPOSE_DEV_ROUTES,
  };
}

const evmVariables = [
  'CHAIN_RPC_URL',
  'CHAIN_ID',
  'CHAIN_EXPLORER_URL',
  'CHAIN_HD_MNEMONIC',
  'CHAIN_OPERATOR_KEY',
  'CHAIN_REGISTRY_ADDRESS',
] as const;

/**
 * The EVM network's settings, checked together: all six or none (half a configuration would silently anchor on
 * the local ledger), each value checked for what it is, so a typo stops the start instead of the first record.
 */
function evmConfig(c: ParsedConfig, production: boolean, problems: string[]): EvmConfig | undefined {
  const missing = evmVariables.filter((name) => c[name] === undefined);
  if (missing.length === evmVariables.length) return undefined;
  if (missing.length > 0) {
    problems.push(
      `  ${missing.join(', ')}: required with the other CHAIN_* network settings (set all of ${evmVariables.join(', ')}, or none for the built-in ledger)`,
    );
    return undefined;
  }
  const before = problems.length;
  const mnemonic = (c.CHAIN_HD_MNEMONIC ?? '').trim().split(/\s+/).join(' ');
  if (!validateMnemonic(mnemonic, english)) {
    problems.push('  CHAIN_HD_MNEMONIC: not a valid BIP-39 English mnemonic (12 to 24 words with a valid checksum)');
  }
  const operatorKey = c.CHAIN_OPERATOR_KEY ?? '';
  if (!/^0x[0-9a-fA-F]{64}$/.test(operatorKey) || !validPrivateKey(operatorKey as `0x${string}`)) {
    problems.push('  CHAIN_OPERATOR_KEY: must be a secp256k1 private key, 0x followed by 64 hex digits');
  }
  const registry = c.CHAIN_REGISTRY_ADDRESS ?? '';
  if (!isAddress(registry, { strict: false })) {
    problems.push('  CHAIN_REGISTRY_ADDRESS: must be a contract address, 0x followed by 40 hex digits');
  }
  if (production && !(c.CHAIN_EXPLORER_URL ?? '').startsWith('https://')) {
    problems.push('  CHAIN_EXPLORER_URL: must be https:// in production (the app opens it from an https page)');
  }
  if (problems.length > before) return undefined;
  return {
    rpcUrl: c.CHAIN_RPC_URL ?? '',
    chainId: c.CHAIN_ID ?? 0,
    explorerUrl: c.CHAIN_EXPLORER_URL ?? '',
    mnemonic,
    operatorKey: operatorKey.toLowerCase() as `0x${string}`,
    registry: registry.toLowerCase() as `0x${string}`,
  };
}

function validPrivateKey(key: `0x${string}`): boolean {
  try {
    privateKeyToAccount(key);
    return true;
  } catch {
    return false;
  }
}

function pushServicesOf(value: string | undefined, production: boolean): PushServices {
  const listed = value === undefined ? undefined : parsePushServiceOrigins(value);
  if (listed) return { allowed: listed, trusted: listed };
  return { allowed: production ? BROWSER_PUSH_SERVICES : 'any', trusted: [] };
}

/** One secret may be configured and the other generated; the configured one wins. */
function definedSecrets(c: ParsedConfig): Partial<Pick<Config, 'SECRET_KEY' | 'SECURITY_CODE_PEPPER'>> {
  return {
    ...(c.SECRET_KEY !== undefined && { SECRET_KEY: c.SECRET_KEY }),
    ...(c.SECURITY_CODE_PEPPER !== undefined && { SECURITY_CODE_PEPPER: c.SECURITY_CODE_PEPPER }),
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of us (the nearest first).
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export const appVersion = process.env.npm_package_version ?? '0.1.0';
