import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isStaffRole } from '../../../common/api/auth.ts';
import type { OpsStaff, tellerAddSchema, tellerMoveSchema } from '../../../common/api/ops-people.ts';
import { opsMessages, type Approval } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { fieldError, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { addBanker } from '../users/bankers.service.ts';
import { lockUserRole, makeBanker } from '../users/back-office.service.ts';
import { findSignInUser, identifierLock, newAccounts } from '../users/users.service.ts';
import { confirmOperator } from './ops-access.ts';
import type { ApprovalRow } from './approvals.repository.ts';
import {
  agencyName,
  endAccess,
  personOf,
  recordAccessChange,
  refuseIfMoneyLeft,
  requireOpenAgency,
} from './people.service.ts';
import { requestStaffChange, STAFF_APPROVAL_KINDS } from './staff-requests.ts';

type AddBody = z.output<typeof tellerAddSchema>;
type MoveBody = z.output<typeof tellerMoveSchema>;

/**
 * `tellers/`: a teller at an agency, by e-mail: an existing customer with nothing left in the service is
 * promoted, an unknown address gets a new account (they sign in by a code sent there). An operator or auditor,
 * or a teller already, is refused with the reason.
 */
export async function addTeller(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  body: AddBody,
): Promise<OpsStaff> {
  await confirmOperator(deps, operator, body.security_code);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const identifier = { kind: 'email', value: body.email } as const;
    await lockFor(tx, identifierLock(body.email));
    await requireOpenAgency(tx, body.agency);
    const existing = await findSignInUser(tx, identifier);
    if (existing?.role === 'BANKER') throw new HttpError(409, { detail: opsMessages.alreadyTeller });
    if (existing && isStaffRole(existing.role)) throw fieldError('email', opsMessages.isStaff);
    if (existing) await refuseIfMoneyLeft(tx, existing);
    const added = await addBanker(
      tx,
      newAccounts(deps),
      {
        identifier,
        agencyId: body.agency,
        ...(body.first_name && { firstName: body.first_name }),
        ...(body.last_name && { lastName: body.last_name }),
        addedBy: operator.id,
      },
      now,
    );
    return recordAccessChange(
      tx,
      deps,
      actor,
      { action: 'teller.add', id: added.userId, reason: body.reason, before: existing ?? null },
      { sessions_ended: added.sessionsEnded },
    );
  });
}

async function lockTeller(tx: Transaction<Database>, id: string) {
  const before = await lockUserRole(tx, id);
  if (!before) throw notFound();
  if (before.role !== 'BANKER') throw new HttpError(400, { detail: opsMessages.notATeller });
  return before;
}

/** Under the teller's row lock: still a teller, and `agency` is open and not theirs already. */
async function lockMove(tx: Transaction<Database>, id: string, agency: string) {
  const before = await lockTeller(tx, id);
  await requireOpenAgency(tx, agency);
  if (before.agency_id === agency) throw fieldError('agency', opsMessages.sameAgency);
  return before;
}

/**
 * `tellers/{id}/move/`: asks for a teller to work at another open agency (whose cash they would then pay out); a
 * second operator approves it.
 */
export async function requestTellerMove(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: MoveBody & { id: string },
): Promise<{ approval: Approval }> {
  await confirmOperator(deps, operator, input.security_code);
  return withTransaction(deps.db, async (tx) => {
    const before = await lockMove(tx, input.id, input.agency);
    return requestStaffChange(tx, deps, operator, actor, {
      kind: STAFF_APPROVAL_KINDS.move,
      subject: { type: 'user', id: input.id },
      payload: {
        ...(await personOf(tx, input.id)),
        from: before.agency_id === null ? null : Number(before.agency_id),
        agency: Number(input.agency),
        agency_name: await agencyName(tx, input.agency),
      },
      reason: input.reason,
      action: 'teller.move_request',
    });
  });
}

/** An approved `teller_move`: their next request already works for the new agency. */
export async function applyTellerMove(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  approval: ApprovalRow,
): Promise<OpsStaff> {
  const agency = String(approval.payload.agency);
  const before = await lockMove(tx, approval.subject_id, agency);
  await makeBanker(tx, approval.subject_id, agency);
  return recordAccessChange(
    tx,
    deps,
    actor,
    { action: 'teller.move', id: approval.subject_id, reason: approval.reason, before },
    { approval: approval.id, requested_by: approval.requested_by },
  );
}

/** `tellers/{id}/disable/`: no longer a teller, and their sessions end at once (endAccess). */
export async function disableTeller(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string },
): Promise<OpsStaff & { sessions_ended: number }> {
  await confirmOperator(deps, operator, input.security_code);
  return withTransaction(deps.db, async (tx) => {
    const before = await lockTeller(tx, input.id);
    return endAccess(tx, deps, actor, { action: 'teller.disable', id: input.id, reason: input.reason, before });
  });
}
