import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../../common/api/auth.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { forbidden } from '../../http/http-error.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { clientNetwork } from '../auth/client-network.ts';
import type { Authenticator, AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { requireSecurityCode } from '../users/security-code.service.ts';

/**
 * Every `/api/ops/` route (issue 15): a signed-in operator or auditor, else 401 / 403 before the request is even
 * validated (a customer learns nothing of the fields). An auditor reads and never writes: any method but GET is
 * refused to them here, once for all routes, so a new write route cannot forget it.
 */
export function guardOpsRoutes(app: FastifyInstance, auth: Authenticator): void {
  app.addHook('preValidation', auth.preHandler);
  app.addHook('preValidation', async (request) => {
    const user = auth.requireUser(request);
    if (!isStaffRole(user.role)) throw forbidden(opsMessages.staffOnly);
    if (request.method !== 'GET' && request.method !== 'HEAD' && user.role !== 'OPERATOR')
      throw forbidden(opsMessages.auditorReadOnly);
  });
}

/** The audit line's "who" for this request. */
export function auditActorOf(request: FastifyRequest, user: AuthUser): AuditActor {
  return { userId: user.id, role: user.role, requestId: request.id, ip: clientNetwork(request.ip) };
}

/**
 * The operator's own security code, again, for an action that moves money or changes access: a wrong one is a
 * 400 that counts toward their lockout (the same counter as everywhere else), a locked one a 429.
 */
export async function confirmOperator(deps: ServiceDeps, user: AuthUser, securityCode: string): Promise<void> {
  if (user.role !== 'OPERATOR') throw forbidden(opsMessages.auditorReadOnly);
  await requireSecurityCode(deps, user.id, securityCode);
}
