import type { Role } from '../../../common/api/auth.ts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/http-error.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { readAccessToken, type AccessClaims } from './access-token.ts';
import { activeSessionUserRow } from './sessions.repository.ts';

/** Who is calling, as the database says now: the role and agency are never taken from the token or the client. */
export interface AuthUser {
  id: string;
  role: Role;
  agencyId: string | null;
  sessionId: string;
  /** Frozen by an operator: reads allowed, every money movement refused (refuseIfFrozen). */
  frozen?: boolean;
  /** Customer level: 1, or 2 once identity is verified; absent where not read (1). */
  level?: number;
  /** An account recovery waits for its decision until then: no money leaves (absent where not read). */
  recoveryPendingUntil?: Date | null;
  /** After an approved account recovery, the end of the cooling-off period (absent where not read). */
  recoveryCoolingUntil?: Date | null;
}

/**
 * The caller of a route whose one statement checks the session itself (the send, `wallet_send_as()`, ADR 010): the
 * token is checked, the session not yet.
 */
export interface Caller {
  claims: AccessClaims;
  /** The user as the database says now (the session read, once per request): 401 when the session is not live. */
  user: () => Promise<AuthUser>;
}

export interface Authenticator {
  /** A preHandler for routes that need a signed-in user: 401 otherwise. */
  preHandler: (request: FastifyRequest) => Promise<void>;
  /**
   * A preHandler for a route whose statement checks the session (route config `sessionInStatement`): the token only
   * (401 otherwise, without a database read); the route reads the session through requireCaller() when it needs it.
   */
  tokenPreHandler: (request: FastifyRequest) => Promise<void>;
  /** The caller the tokenPreHandler found; throws 401 on a route that did not run it. */
  requireCaller: (request: FastifyRequest) => Caller;
  /** The user the preHandler found; throws 401 on a route that did not run it. */
  requireUser: (request: FastifyRequest) => AuthUser;
  /** Reads and checks the bearer token without a preHandler. */
  authenticate: (request: FastifyRequest) => Promise<AuthUser>;
}

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

export function createAuthenticator(deps: Pick<ServiceDeps, 'db' | 'clock' | 'keys'>): Authenticator {
  const users = new WeakMap<FastifyRequest, AuthUser>();
  const callers = new WeakMap<FastifyRequest, Caller>();

  async function claimsOf(request: FastifyRequest): Promise<AccessClaims> {
    const match = bearer.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const claims = await readAccessToken(deps.keys.jwt, match[1], deps.clock.now());
    if (!claims) throw unauthorized();
    return claims;
  }

  async function userOf(claims: AccessClaims): Promise<AuthUser> {
    // Session and user in one query: the user counts only when the live session is that user's.
    const user = await activeSessionUserRow(deps.db, claims.sessionId, claims.userId, deps.clock.now());
    if (!user) throw unauthorized();
    return {
      id: user.id,
      role: user.role,
      agencyId: user.agency_id,
      sessionId: claims.sessionId,
      frozen: user.frozen_at !== null,
      level: user.kyc_level,
      recoveryPendingUntil: user.recovery_pending_until,
      recoveryCoolingUntil: user.recovery_cooling_until,
    };
  }

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    return userOf(await claimsOf(request));
  }

  return {
    authenticate,
    async preHandler(request) {
      users.set(request, await authenticate(request));
    },
    async tokenPreHandler(request) {
      const claims = await claimsOf(request);
      let user: Promise<AuthUser> | undefined;
      callers.set(request, { claims, user: () => (user ??= userOf(claims)) });
    },
    requireCaller(request) {
      const caller = callers.get(request);
      if (!caller) throw unauthorized();
      return caller;
    },
    requireUser(request) {
      const user = users.get(request);
      if (!user) throw unauthorized();
      return user;
    },
  };
}
