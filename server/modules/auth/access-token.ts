import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sessionId: string;
  userId: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cryptoKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The HS256 key imported once per process. Given raw bytes, jose imports them into a CryptoKey on every call:
 * about 140 us of the 185 us a verification took (issue 13 item 5; every authenticated request verifies one).
 */
function hs256Key(raw: Uint8Array): Promise<CryptoKey> {
  let key = cryptoKeys.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    cryptoKeys.set(raw, key);
  }
  return key;
}

/** An HS256 token naming the session; what it grants is read from the database on each request. */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hs256Key(key));
}

/**
 * The claims of a valid token, else undefined: a bad signature, another key, `alg: none` or any algorithm but
 * HS256, an expired token (against the injected clock) or malformed claims are all simply "not authenticated".
 */
export async function readAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await hs256Key(key), { algorithms: ['HS256'], currentDate: now });
    const { sid, sub } = payload;
    if (typeof sid !== 'string' || !uuidPattern.test(sid) || typeof sub !== 'string' || !/^[1-9]\d{0,18}$/.test(sub)) {
      return undefined;
    }
    return { sessionId: sid, userId: sub };
  } catch {
    return undefined;
  }
}
