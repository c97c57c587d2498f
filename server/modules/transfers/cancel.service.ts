import type { Transaction } from 'kysely';
import { pickupBeingPaidOutMessage } from '../../../common/api/pickups.ts';
import { transactionMessages } from '../../../common/api/transactions.ts';
import { beingPaidOutMessage } from '../../../common/api/withdrawals.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/http-error.ts';
import type { JsonValue } from '../../ledger/journal.ts';
import { lockTransaction, type WaitingTransaction } from './transactions.repository.ts';
import { returnToSender } from './waiting.service.ts';

/**
 * A cancel: money still waiting for someone (a pending withdrawal, an unclaimed transfer, an available cash pickup)
 * goes back to its sender. The sender cancels their own; an operator cancels for them from the back-office. Both
 * pass the same rules here, under the transaction's row lock, so a cancel racing a payout, an expiry or another
 * cancel either moves the money or finds the row finished, never both.
 */
export interface Cancellable {
  row: WaitingTransaction;
  /** Past its expiry the money goes back all the same, recorded as expired, as the sweep would. */
  outcome: 'cancelled' | 'expired';
}

/**
 * Locks the transaction and checks it may still be cancelled: 404 when it does not exist or `mayTouch` refuses the
 * caller (a sender only their own), 400 once finished, 409 while a teller holds it for payout (the cash may
 * already be on the counter).
 */
export async function lockCancellable(
  tx: Transaction<Database>,
  id: string,
  now: Date,
  mayTouch: (row: WaitingTransaction) => boolean,
): Promise<Cancellable> {
  const row = await lockTransaction(tx, id);
  if (!row || !mayTouch(row)) throw notFound();
  const waiting = row.status === 'pending' || row.status === 'unclaimed' || row.status === 'available';
  if (!waiting) throw badRequest(transactionMessages.notCancellable);
  if (row.reserved) throw conflict(row.kind === 'pickup' ? pickupBeingPaidOutMessage : beingPaidOutMessage);
  const expired = row.expires_at !== null && row.expires_at <= now;
  return { row, outcome: expired ? 'expired' : 'cancelled' };
}

/**
 * The cancel itself, on what `lockCancellable` returned in this transaction. The sender's notification is written
 * with it (the timeline's trigger, migration 0240). `by` names the operator who cancelled for the sender in the
 * ledger entry; a sender's own cancel records only its reason.
 */
export async function cancelWaiting(
  tx: Transaction<Database>,
  { row, outcome }: Cancellable,
  by?: { operatorId: string },
): Promise<void> {
  const metadata: { [key: string]: JsonValue } = { reason: outcome };
  if (by) metadata.operator = by.operatorId;
  await returnToSender(tx, row, outcome, metadata);
}
