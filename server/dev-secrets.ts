import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateSigningKey } from './security/signing-key.ts';
import { generateVapidKeys, type VapidKeys } from './security/vapid-keys.ts';

const vapidPair = (keys: VapidKeys) => ({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });

export interface DevSecrets {
  SECRET_KEY: string;
  SECURITY_CODE_PEPPER: string;
  /**
   * Ed25519 key of the built-in public ledger; absent from files written before the public ledger existed (config.ts
   * derives one).
   */
  CHAIN_SIGNING_KEY?: string;
  /**
   * AES-256 key of the identity documents (base64); absent from files written before identity documents existed
   * (config.ts derives one).
   */
  KYC_ENCRYPTION_KEY?: string;
  /** Web Push's VAPID pair (base64url); absent from files written before it (config.ts derives one). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

function isDevSecrets(value: unknown): value is DevSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.SECRET_KEY === 'string' &&
    typeof v.SECURITY_CODE_PEPPER === 'string' &&
    (v.CHAIN_SIGNING_KEY === undefined || typeof v.CHAIN_SIGNING_KEY === 'string') &&
    (v.KYC_ENCRYPTION_KEY === undefined || typeof v.KYC_ENCRYPTION_KEY === 'string') &&
    (v.VAPID_PUBLIC_KEY === undefined || typeof v.VAPID_PUBLIC_KEY === 'string') &&
    (v.VAPID_PRIVATE_KEY === undefined || typeof v.VAPID_PRIVATE_KEY === 'string')
  );
}

/**
 * Development and test only: random secrets generated once and kept in `file` (mode 600), so tokens and
 * security codes survive a restart without anyone having to configure anything. Production never calls this.
 * Several processes may start at once (test workers): the file appears atomically through link(), and whoever
 * loses the race reads the winner's file.
 */
export function loadOrCreateDevSecrets(file: string): DevSecrets {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (isDevSecrets(parsed)) return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: DevSecrets = {
    SECRET_KEY: randomBytes(32).toString('base64url'),
    SECURITY_CODE_PEPPER: randomBytes(32).toString('base64url'),
    CHAIN_SIGNING_KEY: generateSigningKey(),
    KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...vapidPair(generateVapidKeys()),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isDevSecrets(parsed)) {
      throw new Error(`${file} is not a secrets file; delete it to generate a new one`, { cause: error });
    }
    return parsed;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
