import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sessionId: string;
  userId: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cryptoKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The HS256 key imported once per process. Given raw bytes, jose imports them into a CryptoKey on every call:
 * about 140 us of the 185 us a verification took (every authenticated request verifies one).
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
 * Tokens this process already verified, per key, with their claims and expiry: a client sends the same token with
 * every request until it expires, and the signature check (WebCrypto, a job on libuv's pool and back) was 6-11 % of
 * the server's busy time per list request (ADR 010). Only successes are kept, keyed by the
 * exact token text, so a hit is what verifying again would answer, but for the one check that changes with time:
 * `exp` (a token has no `nbf` in the future once it has passed). Bounded: past VERIFIED_MAX, the oldest goes.
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; exp: number | undefined }>>();
const VERIFIED_MAX = 10_000;

function verifiedWith(key: Uint8Array): Map<string, { claims: AccessClaims; exp: number | undefined }> {
  let tokens = verified.get(key);
  if (!tokens) {
    tokens = new Map();
    verified.set(key, tokens);
  }
  return tokens;
}

/**
 * The claims of a valid token, else undefined: a bad signature, another key, `alg: none` or any algorithm but
 * HS256, an expired token (against the injected clock) or malformed claims are all simply "not authenticated".
 */
export async function readAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | undefined> {
  const tokens = verifiedWith(key);
  const known = tokens.get(token);
  // jose's own rule: expired when exp <= now, in whole seconds.
  if (known) return known.exp === undefined || known.exp > Math.floor(now.getTime() / 1000) ? known.claims : undefined;
  try {
    const { payload } = await jwtVerify(token, await hs256Key(key), { algorithms: ['HS256'], currentDate: now });
    const { sid, sub } = payload;
    if (typeof sid !== 'string' || !uuidPattern.test(sid) || typeof sub !== 'string' || !/^[1-9]\d{0,18}$/.test(sub)) {
      return undefined;
    }
    const claims = { sessionId: sid, userId: sub };
    if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value ?? '');
    tokens.set(token, { claims, exp: payload.exp });
    return claims;
  } catch {
    return undefined;
  }
}
