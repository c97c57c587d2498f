import type { AuditAction } from '../../../common/api/audit-actions.ts';
import type { Transaction } from 'kysely';
import { opsMessages, type Approval } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { presentApproval } from './approvals.present.ts';
import { expireApprovals, findApproval, insertApproval } from './approvals.repository.ts';

/**
 * Changes of who works in the back-office or where a teller works, each a four-eyes request: adding an operator or
 * an auditor (subject: the e-mail), removing one (subject: the user), moving a teller (subject: the user).
 */
export const STAFF_APPROVAL_KINDS = {
  add: 'staff_add',
  remove: 'staff_remove',
  move: 'teller_move',
} as const;

export interface StaffRequest {
  kind: (typeof STAFF_APPROVAL_KINDS)[keyof typeof STAFF_APPROVAL_KINDS];
  subject: { type: 'email' | 'user'; id: string };
  payload: Record<string, unknown>;
  reason: string;
  /** The audit line of the request. */
  action: AuditAction;
}

/**
 * Queues a staff change for a second operator, with its audit line, in the caller's transaction (which has checked
 * the change can be made now; the approval checks again). One pending request per subject and kind: a second is a
 * 409.
 */
export async function requestStaffChange(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  request: StaffRequest,
): Promise<{ approval: Approval }> {
  const now = deps.clock.now();
  await expireApprovals(tx, now);
  const approvalId = await insertApproval(tx, {
    kind: request.kind,
    subjectType: request.subject.type,
    subjectId: request.subject.id,
    amount: null,
    currency: null,
    payload: request.payload,
    reason: request.reason,
    requestedBy: operator.id,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.OPS_APPROVAL_TTL_SECONDS * 1000),
  });
  if (approvalId === undefined) throw conflict(opsMessages.alreadyRequested);
  await recordAudit(
    tx,
    actor,
    {
      action: request.action,
      targetType: request.subject.type === 'user' ? 'user' : 'approval',
      targetId: request.subject.type === 'user' ? request.subject.id : approvalId,
      reason: request.reason,
      after: { approval: approvalId, kind: request.kind, ...request.payload },
    },
    now,
  );
  const approval = await findApproval(tx, approvalId);
  if (!approval) throw notFound();
  return { approval: presentApproval(approval) };
}
