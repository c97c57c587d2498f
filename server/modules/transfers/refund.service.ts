import type { Transaction } from 'kysely';
import { opsMessages } from '../../../common/api/ops.ts';
import { pickupBeingPaidOutMessage } from '../../../common/api/pickups.ts';
import { beingPaidOutMessage } from '../../../common/api/withdrawals.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { lockTransaction, type WaitingTransaction } from './transactions.repository.ts';
import { returnToSender } from './waiting.service.ts';

/**
 * An operator's refund: money still waiting for someone goes back to the sender's wallet, by a ledger
 * entry (the same as a cancel: the hold released, or the unclaimed account paid back), under the transaction's
 * row lock. Every way out of a waiting state (payout, cancel, expiry, claim, refund) takes that lock first, so a
 * refund racing a teller's payout either pays or refunds, never both: the second finds the row finished (409).
 *
 * What can be refunded, by kind: an unclaimed transfer, a pending withdrawal or an available cash pickup, not held
 * at a counter, and a bank deposit not yet in a payment file (`processing`: the export takes its row lock to put
 * it in a file, so the two never both happen; a mobile wallet payout may be at the operator already and is not
 * refundable). The way back is returnToSender's, per kind. A kind added later adds its case to `refundableState`;
 * anything collected, paid, exported or finished is refused (409).
 */
export function refundableState(
  row: Pick<WaitingTransaction, 'kind' | 'status' | 'reserved'> & { payout_method?: string | null },
): 'ok' | 'finished' | 'being_paid_out' {
  const waiting =
    (row.kind === 'transfer' && row.status === 'unclaimed') ||
    (row.kind === 'withdrawal' && row.status === 'pending') ||
    (row.kind === 'pickup' && row.status === 'available') ||
    (row.kind === 'payout' && row.status === 'processing' && row.payout_method === 'bank_deposit');
  if (!waiting) return 'finished';
  if (row.reserved) return 'being_paid_out';
  return 'ok';
}

/** Locks the transaction and checks it can still be refunded: 404 or 409 otherwise. */
export async function lockRefundable(tx: Transaction<Database>, id: string): Promise<WaitingTransaction> {
  const row = await lockTransaction(tx, id);
  if (!row) throw notFound();
  const payout =
    row.kind === 'payout'
      ? await tx.selectFrom('payouts').select('method').where('transaction_id', '=', id).executeTakeFirst()
      : undefined;
  const state = refundableState({ ...row, payout_method: payout?.method ?? null });
  if (state === 'being_paid_out')
    throw conflict(row.kind === 'pickup' ? pickupBeingPaidOutMessage : beingPaidOutMessage);
  if (state === 'finished') throw conflict(opsMessages.notRefundable);
  return row;
}

/** The refund itself, on a row `lockRefundable` returned in this transaction: its status becomes `refunded`. */
export async function refundWaiting(
  tx: Transaction<Database>,
  row: WaitingTransaction,
  by: { operatorId: string; approvalId: string | null; approvedBy: string | null },
): Promise<void> {
  await returnToSender(tx, row, 'refunded', {
    reason: 'refund',
    operator: by.operatorId,
    ...(by.approvalId !== null && { approval: by.approvalId, approved_by: by.approvedBy }),
  });
}
