import type { Transaction } from 'kysely';
import { opsMessages } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../http/http-error.ts';
import type { ApprovalRow } from './approvals.repository.ts';

/**
 * Who may be the second pair of eyes on a request, whatever it is about (a refund, rates, a staff change), besides
 * not being the requester: an operator, who was already one when the request was made, and whom the requester did
 * not ask to add. One
 * operator could otherwise make their own second operator (ask for a refund, add an account, approve with it);
 * when operators are added only on a second operator's approval, these two rules make sure the one who asked never
 * gains a helper of their own making. The approver's row is read in the deciding transaction.
 */
export async function refuseUnfitApprover(
  tx: Transaction<Database>,
  approval: ApprovalRow,
  approverId: string,
): Promise<void> {
  const approver = await tx
    .selectFrom('users')
    .select(['role', 'role_since', 'role_added_by'])
    .where('id', '=', approverId)
    .executeTakeFirst();
  if (approver?.role !== 'OPERATOR') throw forbidden(opsMessages.staffOnly);
  if (approver.role_since > approval.requested_at) throw forbidden(opsMessages.approverTooNew);
  if (approver.role_added_by === approval.requested_by) throw forbidden(opsMessages.approverAddedByRequester);
}
