import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkSecurityCode,
  hmacScheme,
  isCurrentScheme,
  legacySecurityCodeHash,
  newSecurityCodeHash,
  scryptSecurityCodeHash,
  securityCodeMac,
} from './security-code-hash.ts';

const pepper = 'p'.repeat(32);

describe('security code hash', () => {
  it('is HMAC-SHA-256 keyed by the pepper over salt and code, behind its scheme byte', async () => {
    const { hash, salt } = newSecurityCodeHash(pepper, '123456');
    expect(hash).toHaveLength(33);
    expect(hash[0]).toBe(hmacScheme);
    expect(isCurrentScheme(hash)).toBe(true);
    expect(hash.subarray(1)).toEqual(securityCodeMac(pepper, '123456', salt));
    expect(await checkSecurityCode(pepper, '123456', salt, hash)).toEqual({ matches: true });
    expect(await checkSecurityCode(pepper, '123457', salt, hash)).toEqual({ matches: false });
    expect(await checkSecurityCode('q'.repeat(32), '123456', salt, hash)).toEqual({ matches: false });
    expect(await checkSecurityCode(pepper, '123456', randomBytes(16), hash)).toEqual({ matches: false });
  });

  it('salts: the same code twice gives two different stored values', () => {
    const a = newSecurityCodeHash(pepper, '123456');
    const b = newSecurityCodeHash(pepper, '123456');
    expect(a.hash.equals(b.hash)).toBe(false);
  });

  it.each([
    [
      'pre-ADR 008 (32 bytes, scrypt N = 2^14)',
      (code: string, salt: Buffer) => legacySecurityCodeHash(pepper, code, salt),
    ],
    [
      'ADR 008 (scrypt N = 2^10 with its cost byte)',
      (code: string, salt: Buffer) => scryptSecurityCodeHash(pepper, code, salt),
    ],
  ])('verifies a %s hash and offers the HMAC upgrade only when it matches', async (_, older) => {
    const salt = randomBytes(16);
    const stored = await older('654321', salt);
    expect(isCurrentScheme(stored)).toBe(false);
    expect(await checkSecurityCode(pepper, '654320', salt, stored)).toEqual({ matches: false });
    const ok = await checkSecurityCode(pepper, '654321', salt, stored);
    expect(ok.matches).toBe(true);
    if (!ok.upgrade) throw new Error('no upgrade offered');
    expect(ok.upgrade.hash[0]).toBe(hmacScheme);
    expect(await checkSecurityCode(pepper, '654321', ok.upgrade.salt, ok.upgrade.hash)).toEqual({ matches: true });
  });

  it('treats a stored value of any other shape as no match, never as an error', async () => {
    const salt = randomBytes(16);
    for (const stored of [
      Buffer.alloc(0),
      Buffer.alloc(31),
      Buffer.alloc(34),
      Buffer.concat([Buffer.from([0]), Buffer.alloc(32)]),
      Buffer.concat([Buffer.from([99]), Buffer.alloc(32)]),
    ]) {
      expect(await checkSecurityCode(pepper, '123456', salt, stored)).toEqual({ matches: false });
    }
  });
});
