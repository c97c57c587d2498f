import { createHmac, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { sameDigest } from '../../security/keys.ts';

// scrypt N=2^14, r=8, p=1 (16 MiB, tens of ms): slow for a brute force of a stolen table, fine once per request.
const params: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

function scryptAsync(password: Buffer, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, params, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * scrypt(salt, HMAC(pepper, code)): a 6-digit code has a million values, so a salt alone would not stop
 * someone holding a database dump; without the pepper (configuration, never in the database) they cannot start.
 */
export async function hashSecurityCode(pepper: string, code: string, salt: Buffer): Promise<Buffer> {
  const peppered = createHmac('sha256', pepper).update(code).digest();
  return scryptAsync(peppered, salt);
}

export async function newSecurityCodeHash(pepper: string, code: string): Promise<{ hash: Buffer; salt: Buffer }> {
  const salt = randomBytes(16);
  return { hash: await hashSecurityCode(pepper, code, salt), salt };
}

export async function securityCodeMatches(pepper: string, code: string, salt: Buffer, hash: Buffer): Promise<boolean> {
  return sameDigest(await hashSecurityCode(pepper, code, salt), hash);
}
