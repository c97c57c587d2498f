import type { Transaction } from 'kysely';
import type { OpsStaff } from '../../../common/api/ops-people.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { ApprovalRow } from './approvals.repository.ts';
import { applyStaffAdd, applyStaffRemove } from './staff-members.service.ts';
import { STAFF_APPROVAL_KINDS } from './staff-requests.ts';
import { applyTellerMove } from './tellers.service.ts';

const kinds: readonly string[] = Object.values(STAFF_APPROVAL_KINDS);

export const isStaffApprovalKind = (kind: string): boolean => kinds.includes(kind);

/**
 * A staff change approved by a second operator, made in the deciding transaction after the same checks as at the
 * request (the person or agency may have changed since): a refusal leaves the request pending, for a rejection.
 */
export async function applyStaffApproval(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  approval: ApprovalRow,
  approverId: string,
): Promise<OpsStaff> {
  if (approval.kind === STAFF_APPROVAL_KINDS.add) return applyStaffAdd(tx, deps, actor, approval);
  if (approval.kind === STAFF_APPROVAL_KINDS.remove) return applyStaffRemove(tx, deps, actor, approval, approverId);
  return applyTellerMove(tx, deps, actor, approval);
}
