import { sql } from 'kysely';
import { notify } from '../notifications/notify.ts';
import type { Transaction } from 'kysely';
import { money, negate } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { releaseHold } from '../../ledger/holds.ts';
import { post, type JsonValue } from '../../ledger/journal.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import { walletOf } from './send.service.ts';
import { returnPickup } from './methods/cash-pickup/pickup-money.ts';
import { releaseOutgoing } from '../compliance/limits.ts';
import { provedIdentifiers, type IdentifierProofs } from '../users/proved-identifiers.ts';
import {
  findUnclaimedFor,
  finishTransaction,
  lockTransaction,
  type WaitingTransaction,
} from './transactions.repository.ts';

/**
 * Money that waits for someone: a pending withdrawal (a hold) or an unclaimed transfer (in the unclaimed-transfers
 * account). Every way out (cancel, expiry, claim, payout) locks the transaction row first and re-reads its
 * status, so two of them on one row queue and exactly one moves the money; the others see it finished.
 */

/** Sends the waiting money back to the sender: releases the hold, or refunds the unclaimed transfer. */
export async function returnToSender(
  tx: Transaction<Database>,
  row: WaitingTransaction,
  status: 'cancelled' | 'expired' | 'refunded',
  /** What the entry records beyond the reason (an operator's refund: who, which request). */
  metadata: { [key: string]: JsonValue } = { reason: status },
): Promise<void> {
  if (row.sender_user_id === null) throw new Error(`transaction ${row.id} has no sender`);
  // Money back with its sender no longer counts against their rolling limit.
  await releaseOutgoing(tx, row.id);
  if (row.kind === 'pickup') return returnPickup(tx, row, status, metadata);
  const senderId = row.sender_user_id;
  /** The amount back from the platform account it waits in to the sender's wallet: one balanced entry. */
  const fromWaiting = async (waitsIn: 'bank_payouts_pending' | 'unclaimed_transfers') => {
    const amount = money('MAD', BigInt(row.amount));
    const account = await platformAccount(tx, waitsIn, 'MAD');
    const entry = await post(tx, {
      kind: 'transfer',
      reference: { type: 'transaction', id: row.id },
      metadata,
      postings: [
        { accountId: account.id, amount: negate(amount) },
        { accountId: await walletOf(tx, senderId), amount },
      ],
    });
    return entry.id;
  };
  let entryId: string;
  if (row.kind === 'payout') {
    // A bank deposit not yet exported (the only payout refundable): its money waits in bank-payouts-pending. No
    // partner's reason is recorded, so its sender reads a refund, not a bank's return.
    entryId = await fromWaiting('bank_payouts_pending');
  } else if (row.kind === 'withdrawal' && row.hold_id !== null) {
    const hold = await releaseHold(tx, row.hold_id, { metadata });
    if (hold.finalEntryId === null) throw new Error('released hold without entry');
    entryId = hold.finalEntryId;
  } else {
    entryId = await fromWaiting('unclaimed_transfers');
  }
  await finishTransaction(tx, row.id, { status, finalEntryId: entryId });
}

/**
 * Called by the users module in the transaction that creates a user (after the wallet exists), or that proves an
 * identifier of an existing one (an e-mail's link, a profile phone's SMS code), holding the identifier's lock:
 * transfers sent to this phone or e-mail before are credited now. Only identifiers the person proved count
 * (provedIdentifiers), as for contact links. Their notifications are written with each claim
 * (the timeline's trigger, migration 0240).
 */
export async function claimTransfersForNewUser(
  tx: Transaction<Database>,
  user: IdentifierProofs & { id: string },
): Promise<void> {
  const ids = await findUnclaimedFor(tx, provedIdentifiers(user));
  for (const id of ids) {
    const row = await lockTransaction(tx, id);
    if (!row || row.status !== 'unclaimed' || row.sender_user_id === user.id) continue;
    const amount = money('MAD', BigInt(row.amount));
    const unclaimed = await platformAccount(tx, 'unclaimed_transfers', 'MAD');
    const entry = await post(tx, {
      kind: 'transfer',
      reference: { type: 'transaction', id },
      metadata: { reason: 'claimed' },
      postings: [
        { accountId: unclaimed.id, amount: negate(amount) },
        { accountId: await walletOf(tx, user.id), amount },
      ],
    });
    await finishTransaction(tx, id, { status: 'claimed', finalEntryId: entry.id, recipientUserId: user.id });
    await enqueueAnchor(tx, { transactionId: id });
    // The recipient's money_received comes from the timeline's trigger; the sender learns the invitation worked.
    if (row.sender_user_id !== null) {
      const recipient = await tx
        .selectFrom('users')
        .select(sql<string>`trim(first_name || ' ' || last_name)`.as('name'))
        .where('id', '=', user.id)
        .executeTakeFirst();
      await notify(tx, {
        userId: row.sender_user_id,
        kind: 'transfer_claimed',
        transactionId: id,
        params: {
          amount: String(row.amount),
          currency: 'MAD',
          name: recipient?.name || user.email || user.phone_number || '',
          transaction_kind: 'transfer',
        },
      });
    }
  }
}
