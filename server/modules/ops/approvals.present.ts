import type { Approval } from '../../../common/api/ops.ts';
import { formatAmount } from '../../../common/money/money.ts';
import type { ApprovalRow } from './approvals.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const mad = (minor: string | bigint) => formatAmount({ currency: 'MAD', minor: BigInt(minor) });

/** A four-eyes request as the API shows it (refunds carry a MAD amount; rates changes carry none). */
export function presentApproval(row: ApprovalRow): Approval {
  return {
    id: Number(row.id),
    kind: row.kind,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    amount: row.amount === null ? null : mad(row.amount),
    currency: row.currency,
    payload: row.payload,
    reason: row.reason,
    requested_by: Number(row.requested_by),
    requested_by_name: row.requested_by_name,
    requested_at: row.requested_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    state: row.state,
    decided_by: row.decided_by === null ? null : Number(row.decided_by),
    decided_at: iso(row.decided_at),
    decision_reason: row.decision_reason,
  };
}
