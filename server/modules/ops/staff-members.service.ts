import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isStaffRole } from '../../../common/api/auth.ts';
import type { operatorAddSchema, OpsStaff } from '../../../common/api/ops-people.ts';
import { opsMessages, type Approval } from '../../../common/api/ops.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { addOperator } from '../users/operators.service.ts';
import { countRole, lockUserRole } from '../users/back-office.service.ts';
import { findSignInUser, identifierLock, newAccounts } from '../users/users.service.ts';
import type { ApprovalRow } from './approvals.repository.ts';
import { confirmOperator } from './ops-access.ts';
import { endAccess, personOf, recordAccessChange, refuseIfMoneyLeft } from './people.service.ts';
import { requestStaffChange, STAFF_APPROVAL_KINDS } from './staff-requests.ts';

/** Removals of operators take this lock, so that two operators removing each other cannot leave none. */
const OPERATORS_LOCK = 'ops:operators';

type AddBody = z.output<typeof operatorAddSchema>;
type Grantee = Pick<AddBody, 'email' | 'role' | 'first_name' | 'last_name'>;

/**
 * Whether `email` may become an operator or auditor now, under its identifier lock: a teller, someone already in
 * the back-office, or a customer with money left or a hold is refused. Checked at the request and again at the
 * approval.
 */
async function refuseUnfitGrantee(tx: Transaction<Database>, email: string) {
  await lockFor(tx, identifierLock(email));
  const existing = await findSignInUser(tx, { kind: 'email', value: email });
  if (existing?.role === 'BANKER') throw fieldError('email', opsMessages.isTeller);
  if (existing && isStaffRole(existing.role)) throw new HttpError(409, { detail: opsMessages.alreadyStaff });
  if (existing) await refuseIfMoneyLeft(tx, existing);
  return existing;
}

/**
 * `operators/`: an operator asks for someone to become an operator or auditor, by e-mail; a second operator
 * approves it in the approvals queue (`npm run admin -- operator:add` only bootstraps the first operators).
 */
export async function requestStaffAdd(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  body: AddBody,
): Promise<{ approval: Approval }> {
  await confirmOperator(deps, operator, body.security_code);
  return withTransaction(deps.db, async (tx) => {
    await refuseUnfitGrantee(tx, body.email);
    const grantee: Grantee = {
      email: body.email,
      role: body.role,
      first_name: body.first_name ?? '',
      last_name: body.last_name ?? '',
    };
    return requestStaffChange(tx, deps, operator, actor, {
      kind: STAFF_APPROVAL_KINDS.add,
      subject: { type: 'email', id: body.email },
      payload: grantee,
      reason: body.reason,
      action: 'operator.add_request',
    });
  });
}

/**
 * An approved `staff_add`: the account is promoted (its sessions end) or created, with the requester kept as the one
 * who added them. The audit line's actor is the approver; it names the request and the requester.
 */
export async function applyStaffAdd(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  approval: ApprovalRow,
): Promise<OpsStaff> {
  const grantee = approval.payload as Grantee;
  const existing = await refuseUnfitGrantee(tx, grantee.email);
  const added = await addOperator(
    tx,
    newAccounts(deps),
    {
      identifier: { kind: 'email', value: grantee.email },
      role: grantee.role,
      firstName: grantee.first_name || undefined,
      lastName: grantee.last_name || undefined,
      addedBy: approval.requested_by,
    },
    deps.clock.now(),
  );
  return recordAccessChange(
    tx,
    deps,
    actor,
    { action: 'operator.add', id: added.userId, reason: approval.reason, before: existing ?? null },
    { approval: approval.id, requested_by: approval.requested_by, sessions_ended: added.sessionsEnded },
  );
}

/**
 * Under the operators' lock: the target is still staff, and removing them leaves an operator. The acting operator's
 * own role is read again: two operators removing each other at the same moment both passed sign-in as operators,
 * and the second would otherwise still act once removed. The one removed first gets a 403 and no audit line.
 */
async function lockRemoval(tx: Transaction<Database>, operatorId: string, id: string) {
  await lockFor(tx, OPERATORS_LOCK);
  if ((await lockUserRole(tx, operatorId))?.role !== 'OPERATOR') throw forbidden(opsMessages.staffOnly);
  const before = await lockUserRole(tx, id);
  if (!before) throw notFound();
  if (!isStaffRole(before.role)) throw new HttpError(400, { detail: opsMessages.notStaff });
  if (before.role === 'OPERATOR' && (await countRole(tx, 'OPERATOR')) <= 1)
    throw new HttpError(409, { detail: opsMessages.lastOperator });
  return before;
}

/**
 * `operators/{id}/remove/`: asks for an operator or auditor to go back to a plain customer; a second operator
 * approves it. Nobody removes themself (another operator must ask), and the last operator stays.
 */
export async function requestStaffRemove(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string },
): Promise<{ approval: Approval }> {
  await confirmOperator(deps, operator, input.security_code);
  if (input.id === operator.id) throw new HttpError(400, { detail: opsMessages.removeYourself });
  return withTransaction(deps.db, async (tx) => {
    const before = await lockRemoval(tx, operator.id, input.id);
    return requestStaffChange(tx, deps, operator, actor, {
      kind: STAFF_APPROVAL_KINDS.remove,
      subject: { type: 'user', id: input.id },
      payload: { role: before.role, ...(await personOf(tx, input.id)) },
      reason: input.reason,
      action: 'operator.remove_request',
    });
  });
}

/** An approved `staff_remove`: back to a plain customer, every session ended at once (endAccess). */
export async function applyStaffRemove(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  approval: ApprovalRow,
  approverId: string,
): Promise<OpsStaff> {
  const before = await lockRemoval(tx, approverId, approval.subject_id);
  return endAccess(
    tx,
    deps,
    actor,
    { action: 'operator.remove', id: approval.subject_id, reason: approval.reason, before },
    { approval: approval.id, requested_by: approval.requested_by },
  );
}
