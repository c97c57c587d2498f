import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { withdrawalTokenPattern } from '../../../../../common/api/withdrawals.ts';
import { WITHDRAWAL_REFERENCE_ALPHABET as alphabet } from '../../../../../common/counter/counter-reference.ts';
import { deriveKey, hmac } from '../../../../security/keys.ts';

/**
 * The withdrawal QR token: 128 random bits, the bearer proof a teller scans. At rest it is an HMAC (the lookup,
 * unique) and an AES-256-GCM box (so its owner can show the QR again); both keys derive from SECRET_KEY, which
 * is not in the database, so a dump alone cannot forge a lookup nor read a token.
 */
export interface TokenKeys {
  lookup: Buffer;
  seal: Buffer;
}

export function tokenKeys(secretKey: string): TokenKeys {
  return {
    lookup: deriveKey(secretKey, 'withdrawal-token-lookup'),
    seal: deriveKey(secretKey, 'withdrawal-token-seal'),
  };
}

export const newWithdrawalToken = (): string => randomBytes(16).toString('base64url');

export const isWithdrawalToken = (value: string): boolean => withdrawalTokenPattern.test(value);

export const tokenHash = (keys: TokenKeys, token: string): Buffer => hmac(keys.lookup, 'withdrawal-token', token);

/** nonce (12) || tag (16) || ciphertext. */
export function sealToken(keys: TokenKeys, token: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, nonce);
  const box = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), box]);
}

export function openToken(keys: TokenKeys, sealed: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // A rotated SECRET_KEY: the QR cannot be shown again; the customer cancels and creates a new one.
    return null;
  }
}

/**
 * `K7QX-93MD-PA2R`: 12 random characters (~59 bits) in dashed groups, unique by index. The customer reads it out
 * when the camera fails, so it opens the withdrawal at the counter like the QR token: tellers see it only once
 * they have it from the customer (their lists leave it out while it can be paid).
 */
export function newIdentifier(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length] ?? '2');
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join('')).join('-');
}
