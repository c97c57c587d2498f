import type { z } from 'zod';
import { isStaffRole } from '../../../common/api/auth.ts';
import type { operatorAddSchema, OpsStaff } from '../../../common/api/ops-people.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { addOperator } from '../users/operators.service.ts';
import { countRole, lockUserRole } from '../users/staff.repository.ts';
import { findSignInUser, identifierLock } from '../users/users.service.ts';
import { confirmOperator } from './ops-access.ts';
import { endAccess, recordAccessChange, refuseIfMoneyLeft } from './people.service.ts';

/** Removals of operators take this lock, so that two operators removing each other cannot leave none. */
const OPERATORS_LOCK = 'ops:operators';

/**
 * `operators/`: operators add operators and auditors by e-mail (issue 15; `npm run admin -- operator:add` only
 * bootstraps the first). A teller, someone already in the back-office, or a customer with money left is refused.
 */
export async function addStaffMember(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  body: z.output<typeof operatorAddSchema>,
): Promise<OpsStaff> {
  await confirmOperator(deps, operator, body.security_code);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const identifier = { kind: 'email', value: body.email } as const;
    await lockFor(tx, identifierLock(body.email));
    const existing = await findSignInUser(tx, identifier);
    if (existing?.role === 'BANKER') throw fieldError('email', opsMessages.isTeller);
    if (existing && isStaffRole(existing.role)) throw new HttpError(409, { detail: opsMessages.alreadyStaff });
    if (existing) await refuseIfMoneyLeft(tx, existing);
    const added = await addOperator(
      tx,
      deps.chain.walletAddress,
      { identifier, role: body.role, firstName: body.first_name || undefined, lastName: body.last_name || undefined },
      now,
    );
    return recordAccessChange(tx, deps, actor, {
      action: 'operator.add',
      id: added.userId,
      reason: body.reason,
      before: existing ?? null,
    });
  });
}

/**
 * `operators/{id}/remove/`: back to a plain customer, every session ended at once. Nobody removes themself (another
 * operator must), and the last operator stays. Under the lock the remover's own role is read again: two operators
 * removing each other at the same moment both passed sign-in as operators, and the second would otherwise still
 * act once removed (three operators would end with one). The one removed first gets a 403 and no audit line.
 */
export async function removeStaffMember(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string },
): Promise<OpsStaff & { sessions_ended: number }> {
  await confirmOperator(deps, operator, input.security_code);
  if (input.id === operator.id) throw new HttpError(400, { detail: opsMessages.removeYourself });
  return withTransaction(deps.db, async (tx) => {
    await lockFor(tx, OPERATORS_LOCK);
    if ((await lockUserRole(tx, operator.id))?.role !== 'OPERATOR') throw forbidden(opsMessages.staffOnly);
    const before = await lockUserRole(tx, input.id);
    if (!before) throw notFound();
    if (!isStaffRole(before.role)) throw new HttpError(400, { detail: opsMessages.notStaff });
    if (before.role === 'OPERATOR' && (await countRole(tx, 'OPERATOR')) <= 1)
      throw new HttpError(409, { detail: opsMessages.lastOperator });
    return endAccess(tx, deps, actor, { action: 'operator.remove', id: input.id, reason: input.reason, before });
  });
}
