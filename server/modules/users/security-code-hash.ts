import { createHmac, randomBytes, scrypt } from 'node:crypto';
import { sameDigest } from '../../security/keys.ts';

/**
 * The 6-digit security code is stored as HMAC-SHA-256 keyed by the pepper over (per-user salt, code): the keyed
 * hash of NIST SP 800-63B 5.1.1.2 (ADR 010). A code has a million values, so no work factor protects a stolen
 * table by itself (ADR 008); the pepper, kept in configuration and never in the database, stops an offline attack
 * and the lockout (5 wrong codes) stops online guessing. The check costs microseconds instead of the milliseconds
 * of scrypt, which was half of a send's CPU.
 *
 * Stored format: one scheme byte, then the 32-byte key.
 * - byte 0: HMAC-SHA-256(pepper, salt || code), the current scheme;
 * - byte 1..20: scrypt(salt, HMAC(pepper, code)) at N = 2^byte, r = 8 (ADR 008, N = 2^10);
 * - no byte (32 bytes): scrypt at N = 2^14, written before ADR 008.
 * The older two still verify and are rewritten in the current scheme on their next success.
 */
const r = 8;
const p = 1;
const keyLength = 32;
const saltLength = 16;
/** The scheme byte of the current format: no work factor, a keyed hash. */
export const hmacScheme = 0;
const legacyLog2N = 14;

function scryptAsync(password: Buffer, salt: Buffer, log2N: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r bytes plus headroom (16 MiB at the legacy 2^14).
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function scryptKey(pepper: string, code: string, salt: Buffer, log2N: number): Promise<Buffer> {
  const peppered = createHmac('sha256', pepper).update(code).digest();
  return scryptAsync(peppered, salt, log2N);
}

/** The current scheme's 32-byte key. The salt has a fixed length, so (salt, code) is read back unambiguously. */
export function securityCodeMac(pepper: string, code: string, salt: Buffer): Buffer {
  return createHmac('sha256', pepper).update(salt).update(code, 'utf8').digest();
}

type Decoded = { scheme: 'hmac'; key: Buffer } | { scheme: 'scrypt'; log2N: number; key: Buffer };

function decode(stored: Buffer): Decoded | undefined {
  if (stored.length === keyLength) return { scheme: 'scrypt', log2N: legacyLog2N, key: stored };
  const first = stored[0];
  if (stored.length !== keyLength + 1 || first === undefined) return undefined;
  if (first === hmacScheme) return { scheme: 'hmac', key: stored.subarray(1) };
  if (first > 20) return undefined;
  return { scheme: 'scrypt', log2N: first, key: stored.subarray(1) };
}

/** The stored value for a new code (with its fresh salt), always in the current scheme. */
export function newSecurityCodeHash(pepper: string, code: string): { hash: Buffer; salt: Buffer } {
  const salt = randomBytes(saltLength);
  return { hash: Buffer.concat([Buffer.from([hmacScheme]), securityCodeMac(pepper, code, salt)]), salt };
}

/** Whether a stored value is in the current scheme (checkable with securityCodeMac alone, e.g. by the database). */
export function isCurrentScheme(stored: Buffer): boolean {
  return stored.length === keyLength + 1 && stored[0] === hmacScheme;
}

/**
 * Whether `code` is the one stored; `upgrade` is the same code in the current scheme when the stored one is
 * older, for the caller to save in the transaction that verified it.
 */
export async function checkSecurityCode(
  pepper: string,
  code: string,
  salt: Buffer,
  stored: Buffer,
): Promise<{ matches: boolean; upgrade?: { hash: Buffer; salt: Buffer } }> {
  const decoded = decode(stored);
  if (!decoded) return { matches: false };
  if (decoded.scheme === 'hmac') return { matches: sameDigest(securityCodeMac(pepper, code, salt), decoded.key) };
  const matches = sameDigest(await scryptKey(pepper, code, salt, decoded.log2N), decoded.key);
  if (!matches) return { matches };
  return { matches, upgrade: newSecurityCodeHash(pepper, code) };
}

/** A hash as stored before ADR 008 (N = 2^14, no scheme byte): for the upgrade tests. */
export async function legacySecurityCodeHash(pepper: string, code: string, salt: Buffer): Promise<Buffer> {
  return scryptKey(pepper, code, salt, legacyLog2N);
}

/** A hash as stored under ADR 008 (scrypt, N = 2^10, with its cost byte): for the upgrade tests and the bench. */
export async function scryptSecurityCodeHash(pepper: string, code: string, salt: Buffer, log2N = 10): Promise<Buffer> {
  return Buffer.concat([Buffer.from([log2N]), await scryptKey(pepper, code, salt, log2N)]);
}
