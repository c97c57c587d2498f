import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sessionId: string;
  userId: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    .sign(key);
}

/**
 * The claims of a valid token, else undefined: a bad signature, another key, `alg: none` or any algorithm but
 * HS256, an expired token (against the injected clock) or malformed claims are all simply "not authenticated".
 */
export async function readAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const { sid, sub } = payload;
    if (typeof sid !== 'string' || !uuidPattern.test(sid) || typeof sub !== 'string' || !/^[1-9]\d{0,18}$/.test(sub)) {
      return undefined;
    }
    return { sessionId: sid, userId: sub };
  } catch {
    return undefined;
  }
}
