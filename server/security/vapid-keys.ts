import { createECDH, createHmac } from 'node:crypto';

/**
 * VAPID keys (RFC 8292): an ECDSA P-256 pair. The public key is the uncompressed point (65 bytes, 0x04 first), the
 * private key the 32-byte scalar, both base64url without padding, as browsers' `applicationServerKey` and the
 * web-push package take them.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new random pair (the embedded default's first start). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey() drops the scalar's leading zero bytes (about 1 key in 256 comes out 31 bytes long), which
  // web-push and vapidPublicKeyOf() refuse: the scalar is written at its full 32 bytes.
  const scalar = ecdh.getPrivateKey();
  const full = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: full.toString('base64url') };
}

/** The public key of a private key, or undefined when it is not a P-256 scalar in base64url. */
export function vapidPublicKeyOf(privateKey: string): string | undefined {
  const scalar = Buffer.from(privateKey, 'base64url');
  if (scalar.length !== 32 || scalar.toString('base64url') !== privateKey) return undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey('base64url');
  } catch {
    return undefined;
  }
}

/**
 * A pair derived from a secret: a development secrets file written before Web Push has no VAPID keys, and one
 * derived from its SECRET_KEY is as stable as a stored one (rewriting a file concurrent processes read is not).
 */
export function vapidKeysFromSecret(secret: string): VapidKeys {
  for (let i = 0; ; i++) {
    const privateKey = createHmac('sha256', secret).update(`remittance-wallet/vapid-p256/${i}`).digest('base64url');
    const publicKey = vapidPublicKeyOf(privateKey); // a digest past the curve order (about 2^-32) tries the next
    if (publicKey) return { publicKey, privateKey };
  }
}
