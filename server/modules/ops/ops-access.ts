import type { FastifyInstance } from 'fastify';
import { isStaffRole } from '../../../common/api/auth.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { forbidden } from '../../http/http-error.ts';
import type { Authenticator } from '../auth/authenticate.ts';

/**
 * Every `/api/ops/` route: a signed-in operator or auditor, else 401 / 403 before the request is even
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

// Defined below the back-office so that the modules under it (KYC, reviews, the counter's) use them too.
export { auditActorOf } from '../auth/audit-actor.ts';
export { confirmOperator } from '../users/confirm-operator.ts';
