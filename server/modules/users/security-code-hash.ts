import { createHmac, randomBytes, scrypt } from 'node:crypto';
import { sameDigest } from '../../security/keys.ts';

/**
 * scrypt(salt, HMAC(pepper, code)) (DESIGN.md section 6). A 6-digit code has a million values: no work factor
 * makes a stolen table safe by itself (at 2^14 it costs one core ~10 hours to try them all), which is why the
 * pepper, kept in configuration and never in the database, is what stops an offline attack; online guessing is
 * stopped by the lockout. The work factor is therefore modest (ADR 008): at 2^14 the check was ~90 % of the CPU
 * of a send (bench/send-throughput.ts) and a signed-in attacker could spend 34 ms of server CPU per wrong code.
 *
 * Stored format: one byte log2(N), then the 32-byte key. A 32-byte value without that byte is a hash written
 * before ADR 008, at N = 2^14; it still verifies, and is rewritten at the current cost on its next success.
 */
const r = 8;
const p = 1;
const keyLength = 32;
export const currentLog2N = 10;
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

async function derive(pepper: string, code: string, salt: Buffer, log2N: number): Promise<Buffer> {
  const peppered = createHmac('sha256', pepper).update(code).digest();
  return scryptAsync(peppered, salt, log2N);
}

function decode(stored: Buffer): { log2N: number; key: Buffer } | undefined {
  if (stored.length === keyLength) return { log2N: legacyLog2N, key: stored };
  const log2N = stored[0];
  if (stored.length !== keyLength + 1 || log2N === undefined || log2N < 1 || log2N > 20) return undefined;
  return { log2N, key: stored.subarray(1) };
}

/** The stored value for a new code (with its fresh salt): always at the current cost. */
export async function newSecurityCodeHash(pepper: string, code: string): Promise<{ hash: Buffer; salt: Buffer }> {
  const salt = randomBytes(16);
  const key = await derive(pepper, code, salt, currentLog2N);
  return { hash: Buffer.concat([Buffer.from([currentLog2N]), key]), salt };
}

/**
 * Whether `code` is the one stored; `upgrade` is the same code re-hashed at the current cost when the stored one
 * is older, for the caller to save in the transaction that verified it.
 */
export async function checkSecurityCode(
  pepper: string,
  code: string,
  salt: Buffer,
  stored: Buffer,
): Promise<{ matches: boolean; upgrade?: { hash: Buffer; salt: Buffer } }> {
  const decoded = decode(stored);
  if (!decoded) return { matches: false };
  const matches = sameDigest(await derive(pepper, code, salt, decoded.log2N), decoded.key);
  if (!matches || decoded.log2N === currentLog2N) return { matches };
  return { matches, upgrade: await newSecurityCodeHash(pepper, code) };
}

/** A hash as stored before ADR 008 (N = 2^14, no cost byte): for the upgrade test. */
export async function legacySecurityCodeHash(pepper: string, code: string, salt: Buffer): Promise<Buffer> {
  return derive(pepper, code, salt, legacyLog2N);
}

/** The check's cost alone, for the send benchmark's share of the security-code check. */
export async function securityCodeWork(pepper: string, code: string, salt: Buffer): Promise<Buffer> {
  return derive(pepper, code, salt, currentLog2N);
}
