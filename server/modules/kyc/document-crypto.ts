import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Identity documents at rest: AES-256-GCM, a random 96-bit IV per file, the 128-bit tag checked on
 * every read (a changed byte in the database is an error, never a wrong image). Each file records the id of the key
 * that sealed it, so KYC_ENCRYPTION_KEY can rotate: the new key seals, KYC_PREVIOUS_ENCRYPTION_KEYS still open.
 */
export interface SealedFile {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export interface DocumentKeyring {
  seal(plaintext: Buffer, associated: string): SealedFile;
  open(sealed: SealedFile, associated: string): Buffer;
}

/** A key's id: the first 16 hex digits of its SHA-256, which names the key without revealing it. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export function documentKeyring(
  config: Pick<Config, 'KYC_ENCRYPTION_KEY' | 'KYC_PREVIOUS_ENCRYPTION_KEYS'>,
): DocumentKeyring {
  const current = Buffer.from(config.KYC_ENCRYPTION_KEY, 'base64');
  const keys = new Map<string, Buffer>([[keyIdOf(current), current]]);
  for (const text of (config.KYC_PREVIOUS_ENCRYPTION_KEYS ?? '').split(',')) {
    if (text.trim() === '') continue;
    const key = Buffer.from(text.trim(), 'base64');
    if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
  }
  const currentId = keyIdOf(current);
  return {
    // `associated` binds the ciphertext to its row (submission and part): a file copied onto another row fails.
    seal(plaintext, associated) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(associated));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { keyId: currentId, iv, tag: cipher.getAuthTag(), ciphertext };
    },
    open(sealed, associated) {
      const key = keys.get(sealed.keyId);
      if (!key) throw new Error(`identity document sealed with key ${sealed.keyId}, which is not configured`);
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
      decipher.setAAD(Buffer.from(associated));
      decipher.setAuthTag(sealed.tag);
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
    },
  };
}
