import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * The Ed25519 key that signs the local ledger's records (CHAIN_SIGNING_KEY): parsed, derived and generated here, in
 * the configuration's layer, because the configuration checks it at start and the development secrets file creates
 * one; the chain adapter signs with it.
 */
export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** PKCS#8 DER prefix of an Ed25519 private key: what precedes the 32-byte seed (RFC 8410). */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * CHAIN_SIGNING_KEY as configured: a PEM, or base64 of the PKCS#8 DER, or base64 of a raw 32-byte seed. Anything
 * else, or a key of another type, is refused at start rather than at the first record.
 */
export function parseSigningKey(text: string): SigningKeys {
  const trimmed = text.trim();
  let privateKey: KeyObject;
  if (trimmed.startsWith('-----BEGIN')) privateKey = createPrivateKey(trimmed);
  else {
    const der = Buffer.from(trimmed, 'base64');
    const pkcs8 = der.length === 32 ? Buffer.concat([ed25519Pkcs8Prefix, der]) : der;
    privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CHAIN_SIGNING_KEY must be an Ed25519 key');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A deterministic key from 32 bytes of secret material (for a dev secrets file written before this key existed). */
export function signingKeyFromSeed(seed: Buffer): string {
  return Buffer.concat([ed25519Pkcs8Prefix, seed.subarray(0, 32)]).toString('base64');
}

/** A new key for the development secrets file, as base64 PKCS#8 DER (one line, like the other secrets). */
export function generateSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}
