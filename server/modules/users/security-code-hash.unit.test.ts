import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSecurityCode, currentLog2N, legacySecurityCodeHash, newSecurityCodeHash } from './security-code-hash.ts';

const pepper = 'p'.repeat(32);

describe('security code hash', () => {
  it('stores the cost with the key, matches only the right code under the right pepper', async () => {
    const { hash, salt } = await newSecurityCodeHash(pepper, '123456');
    expect(hash).toHaveLength(33);
    expect(hash[0]).toBe(currentLog2N);
    expect(await checkSecurityCode(pepper, '123456', salt, hash)).toEqual({ matches: true });
    expect(await checkSecurityCode(pepper, '123457', salt, hash)).toEqual({ matches: false });
    expect(await checkSecurityCode('q'.repeat(32), '123456', salt, hash)).toEqual({ matches: false });
    expect(await checkSecurityCode(pepper, '123456', randomBytes(16), hash)).toEqual({ matches: false });
  });

  it('salts: the same code twice gives two different stored values', async () => {
    const a = await newSecurityCodeHash(pepper, '123456');
    const b = await newSecurityCodeHash(pepper, '123456');
    expect(a.hash.equals(b.hash)).toBe(false);
  });

  it('verifies a legacy 32-byte hash (N = 2^14) and offers an upgrade only when it matches', async () => {
    const salt = randomBytes(16);
    const legacy = await legacySecurityCodeHash(pepper, '654321', salt);
    expect(legacy).toHaveLength(32);
    expect(await checkSecurityCode(pepper, '654320', salt, legacy)).toEqual({ matches: false });
    const ok = await checkSecurityCode(pepper, '654321', salt, legacy);
    expect(ok.matches).toBe(true);
    if (!ok.upgrade) throw new Error('no upgrade offered');
    expect(ok.upgrade.hash[0]).toBe(currentLog2N);
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
