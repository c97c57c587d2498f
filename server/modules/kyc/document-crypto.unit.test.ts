import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentKeyring, keyIdOf } from './document-crypto.ts';

const key = () => randomBytes(32).toString('base64');

describe('identity documents at rest', () => {
  it('seals with a fresh IV each time, and opens only with the same key and the same row', () => {
    const ring = documentKeyring({ KYC_ENCRYPTION_KEY: key() });
    const plaintext = Buffer.from('a passport scan');
    const a = ring.seal(plaintext, 'kyc-file:1:front');
    const b = ring.seal(plaintext, 'kyc-file:1:front');
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(plaintext)).toBe(false);
    expect(ring.open(a, 'kyc-file:1:front').equals(plaintext)).toBe(true);
    expect(() => ring.open(a, 'kyc-file:2:front')).toThrow();
    const tampered = { ...a, ciphertext: Buffer.from(a.ciphertext) };
    tampered.ciphertext[0] = (tampered.ciphertext[0] ?? 0) ^ 1;
    expect(() => ring.open(tampered, 'kyc-file:1:front')).toThrow();
  });

  it('after a rotation, files sealed with a previous key still open; new ones use the new key', () => {
    const old = key();
    const sealed = documentKeyring({ KYC_ENCRYPTION_KEY: old }).seal(Buffer.from('selfie'), 'x');
    const rotated = documentKeyring({ KYC_ENCRYPTION_KEY: key(), KYC_PREVIOUS_ENCRYPTION_KEYS: old });
    expect(rotated.open(sealed, 'x').toString()).toBe('selfie');
    expect(rotated.seal(Buffer.from('new'), 'x').keyId).not.toBe(keyIdOf(Buffer.from(old, 'base64')));
    expect(() => documentKeyring({ KYC_ENCRYPTION_KEY: key() }).open(sealed, 'x')).toThrow(/not configured/);
  });
});
