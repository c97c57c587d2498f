import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type JsonValue } from './canonical-json.ts';
import { generateSigningKey, parseSigningKey, signingKeyFromSeed } from '../../security/signing-key.ts';
import { genesisHash, publicKeyHex, recordHash, signHash, verifyHashSignature } from './record-crypto.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe('{"a":{"c":"x","d":[true,null]},"b":1}');
  });

  it('is the same text whatever the key order, and parses back to the same value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))),
        (object) => {
          const reversed = Object.fromEntries(Object.entries(object).reverse()) as JsonValue;
          expect(canonicalJson(reversed)).toBe(canonicalJson(object));
          expect(JSON.parse(canonicalJson(object))).toEqual(object);
        },
      ),
    );
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });
});

describe('record hashes and signatures', () => {
  const keys = parseSigningKey(generateSigningKey());

  it('hashes the canonical payload with the previous hash: any change changes it', () => {
    const payload = { amount: '10.00', kind: 'transfer' };
    const hash = recordHash(payload, genesisHash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recordHash({ kind: 'transfer', amount: '10.00' }, genesisHash)).toBe(hash);
    expect(recordHash({ ...payload, amount: '10.01' }, genesisHash)).not.toBe(hash);
    expect(recordHash(payload, hash)).not.toBe(hash);
  });

  it('signs with Ed25519 and verifies only the signed hash with the matching key', () => {
    const hash = recordHash({ a: '1' }, genesisHash);
    const signature = signHash(hash, keys.privateKey);
    expect(verifyHashSignature(hash, signature, keys.publicKey)).toBe(true);
    expect(verifyHashSignature(recordHash({ a: '2' }, genesisHash), signature, keys.publicKey)).toBe(false);
    expect(verifyHashSignature(hash, signature, parseSigningKey(generateSigningKey()).publicKey)).toBe(false);
    expect(verifyHashSignature(hash, 'not base64 at all', keys.publicKey)).toBe(false);
  });

  it('reads a key as PEM, base64 PKCS#8 or a base64 seed, and refuses other key types', () => {
    const pem = keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(publicKeyHex(parseSigningKey(pem).publicKey)).toBe(publicKeyHex(keys.publicKey));
    const seed = Buffer.alloc(32, 7);
    expect(publicKeyHex(parseSigningKey(seed.toString('base64')).publicKey)).toBe(
      publicKeyHex(parseSigningKey(signingKeyFromSeed(seed)).publicKey),
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => parseSigningKey(rsa.toString())).toThrow(/Ed25519/);
  });
});
