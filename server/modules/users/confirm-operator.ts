import { opsMessages } from '../../../common/api/ops.ts';
import { forbidden } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { requireSecurityCode } from './security-code.service.ts';

/**
 * The operator's own security code, again, for an action that moves money or changes access: a wrong one is a
 * 400 that counts toward their lockout (the same counter as everywhere else), a locked one a 429. An auditor is
 * refused. Here, with the security code it checks, so the reviews and the back-office above both use it.
 */
export async function confirmOperator(deps: ServiceDeps, user: AuthUser, securityCode: string): Promise<void> {
  if (user.role !== 'OPERATOR') throw forbidden(opsMessages.auditorReadOnly);
  await requireSecurityCode(deps, user.id, securityCode);
}
