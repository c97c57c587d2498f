import { describe, expect, it } from 'vitest';
import { generateVapidKeys, vapidPublicKeyOf } from './vapid-keys.ts';

describe('generateVapidKeys', () => {
  // About 1 random P-256 scalar in 256 starts with a zero byte: 2,000 pairs hold one with a chance of 99.96 %.
  // Such a key came out 31 bytes long and failed config.unit.test.ts now and then (seen 2026-11-25).
  it('writes every private key at its full 32 bytes, and it gives back its own public key', () => {
    for (let i = 0; i < 2_000; i++) {
      const pair = generateVapidKeys();
      expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
      expect(vapidPublicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    }
  });
});
