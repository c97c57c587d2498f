import type { Role } from '../../../common/api/auth.ts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/http-error.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { readAccessToken } from './access-token.ts';
import { activeSessionUserRow } from './sessions.repository.ts';

/** Who is calling, as the database says now: the role and agency are never taken from the token or the client. */
export interface AuthUser {
  id: string;
  role: Role;
  agencyId: string | null;
  sessionId: string;
  /** The security code's salt as of this request (null: no code set; absent: not read), for the send's one round trip. */
  securityCodeSalt?: Buffer | null;
  /** Frozen by an operator (issue 15): reads allowed, every money movement refused (refuseIfFrozen). */
  frozen?: boolean;
  /** Customer level (issue 16): 1, or 2 once identity is verified; absent where not read (1). */
  level?: number;
}

export interface Authenticator {
  /** A preHandler for routes that need a signed-in user: 401 otherwise. */
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** The user the preHandler found; throws 401 on a route that did not run it. */
  requireUser: (request: FastifyRequest) => AuthUser;
  /** Reads and checks the bearer token without a preHandler. */
  authenticate: (request: FastifyRequest) => Promise<AuthUser>;
}

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

export function createAuthenticator(deps: Pick<ServiceDeps, 'db' | 'clock' | 'keys'>): Authenticator {
  const users = new WeakMap<FastifyRequest, AuthUser>();

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const match = bearer.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const now = deps.clock.now();
    const claims = await readAccessToken(deps.keys.jwt, match[1], now);
    if (!claims) throw unauthorized();
    // Session and user in one query: the user counts only when the live session is that user's.
    const user = await activeSessionUserRow(deps.db, claims.sessionId, claims.userId, now);
    if (!user) throw unauthorized();
    return {
      id: user.id,
      role: user.role,
      agencyId: user.agency_id,
      sessionId: claims.sessionId,
      securityCodeSalt: user.security_code_salt,
      frozen: user.frozen_at !== null,
      level: user.kyc_level,
    };
  }

  return {
    authenticate,
    async preHandler(request) {
      users.set(request, await authenticate(request));
    },
    requireUser(request) {
      const user = users.get(request);
      if (!user) throw unauthorized();
      return user;
    },
  };
}
