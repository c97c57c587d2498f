import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson, type JsonValue } from './canonical-json.ts';

/** The previous hash of the first record. */
export const genesisHash = '0'.repeat(64);

/** SHA-256 over the canonical payload and the previous hash: changing either changes this and every later link. */
export function recordHash(payload: JsonValue, prevHash: string): string {
  return createHash('sha256').update(canonicalJson(payload)).update('\n').update(prevHash).digest('hex');
}

export function signHash(hash: string, key: KeyObject): string {
  return sign(null, Buffer.from(hash, 'hex'), key).toString('base64');
}

export function verifyHashSignature(hash: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(hash, 'hex'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    // A malformed signature is a failed verification, not a crash of the explorer or of chain:verify.
    return false;
  }
}

/** The public key as hex of its raw 32 bytes, to show beside the records it verifies. */
export function publicKeyHex(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32).toString('hex');
}
