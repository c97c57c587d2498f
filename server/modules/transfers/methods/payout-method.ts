import type { Transaction } from 'kysely';
import type { Contact } from '../../../../common/api/contacts.ts';
import type { Delivery } from '../../../../common/api/transactions.ts';
import { negate, type Money } from '../../../../common/money/money.ts';
import type { Database } from '../../../db/schema.ts';
import { platformAccount } from '../../../ledger/accounts.repository.ts';
import { post } from '../../../ledger/journal.ts';
import { enqueueAnchor } from '../../anchoring/enqueue-anchor.ts';
import { releaseOutgoing } from '../../compliance/limits.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { walletOf } from '../send.service.ts';
import { finishTransaction, insertTransaction, nextTransactionId } from '../transactions.repository.ts';

/** The platform account where a method's payouts wait for their partner's answer. */
export type PendingAccount = 'bank_payouts_pending' | 'mobile_payouts_pending';

/** What a send hands its method once the guards passed: who sends what to whom, and the method's own facts. */
export interface PayoutSend<Facts> {
  senderId: string;
  contact: Contact;
  amount: Money<'MAD'>;
  facts: Facts;
}

/**
 * One way money reaches a person, as the lifecycle drives it. The lifecycle owns what every send shares (who may
 * send, the security code, the idempotency key, the exit guards of exit-guards.ts: frozen sender, bounds, limits,
 * screening, blocking monitoring rules) and the money path every payout shares (this file: into the method's
 * pending account, then on to the partner's settlement account or back to the sender); a method owns only what
 * is its own:
 *
 * - `pending`: the platform account its payouts wait in;
 * - `validate`: whether this recipient can receive this way, before the security code and any money: the facts
 *   the method needs (a bank account, a partner's answer), or a 400 on the field at fault;
 * - `record`: in the send's database transaction, the payout's detail row (`payouts`), for a payout sent now as
 *   for one held for a review;
 * - `handOver` (optional): in a database transaction, what makes the partner be asked (a mobile wallet's outbox
 *   row): at the send, or when a review releases a held payout;
 * - `dispatch` (optional): after the commit, the request to the partner, from that outbox;
 * - `completed` (optional): what else the method does once the partner paid (a notice to a registered recipient).
 *
 * The money moves (announcePayout, completePayout, giveBackPayout) run under the transaction's row lock
 * (lockTransaction) and only from a waiting status, so each payout ends once, whichever way out comes first.
 */
export interface PayoutMethod<Facts> {
  readonly delivery: Delivery;
  readonly pending: PendingAccount;
  validate(deps: ServiceDeps, contact: Contact, send: { confirmPayee: boolean }): Promise<Facts>;
  record(tx: Transaction<Database>, deps: ServiceDeps, id: string, send: PayoutSend<Facts>): Promise<void>;
  handOver?(tx: Transaction<Database>, id: string): Promise<void>;
  /**
   * After the send's commit (and after a replay of it, or a review's release): hand the payout to the partner now,
   * when the method talks to its partner per payout. Best effort, never throws: the outbox row written by
   * `handOver` is what guarantees it.
   */
  dispatch?(deps: ServiceDeps, transactionId: string): void;
  completed?(tx: Transaction<Database>, payout: WaitingPayout): Promise<void>;
}

/** A payout still waiting for its partner, as its row lock read it. */
export interface WaitingPayout {
  id: string;
  senderUserId: string;
  amount: Money<'MAD'>;
}

/** One balanced entry of a payout's amount between two accounts, referencing its transaction (every method's). */
export async function move(tx: Transaction<Database>, payout: WaitingPayout, from: string, to: string, reason: string) {
  return post(tx, {
    kind: 'transfer',
    reference: { type: 'transaction', id: payout.id },
    metadata: { payout: reason },
    postings: [
      { accountId: from, amount: negate(payout.amount) },
      { accountId: to, amount: payout.amount },
    ],
  });
}

/**
 * A payout sent now, in the send's transaction after the guards: one balanced entry out of the sender's wallet
 * into the method's pending account, the `processing` transaction row, the method's detail row and its hand-over
 * to the partner. Returns the transaction's id.
 */
export async function announcePayout<Facts>(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  method: PayoutMethod<Facts>,
  send: PayoutSend<Facts>,
): Promise<string> {
  const id = await nextTransactionId(tx);
  const pending = (await platformAccount(tx, method.pending, 'MAD')).id;
  const entry = await post(tx, {
    kind: 'transfer',
    reference: { type: 'transaction', id },
    metadata: { payout: method.delivery },
    postings: [
      { accountId: await walletOf(tx, send.senderId), amount: negate(send.amount) },
      { accountId: pending, amount: send.amount },
    ],
  });
  await insertTransaction(tx, {
    id,
    kind: 'payout',
    status: 'processing',
    senderUserId: send.senderId,
    recipientUserId: null,
    contactId: String(send.contact.id),
    agencyId: null,
    amount: send.amount,
    recipientPhoneNumber: send.contact.phone_number,
    recipientEmail: send.contact.email,
    ledgerEntryId: entry.id,
    expiresAt: null,
  });
  await method.record(tx, deps, id, send);
  // The request to the partner, in the send's transaction: it exists exactly when the money moved.
  await method.handOver?.(tx, id);
  return id;
}

/** The partner paid the person: the pending money goes on to the partner's settlement account, `completed`. */
export async function completePayout<Facts>(
  tx: Transaction<Database>,
  method: PayoutMethod<Facts>,
  payout: WaitingPayout,
): Promise<void> {
  const pending = (await platformAccount(tx, method.pending, 'MAD')).id;
  const settlement = (await platformAccount(tx, 'payout_settlement', 'MAD')).id;
  const entry = await move(tx, payout, pending, settlement, 'settled');
  await finishTransaction(tx, payout.id, { status: 'completed', finalEntryId: entry.id });
  await enqueueAnchor(tx, { transactionId: payout.id });
  await method.completed?.(tx, payout);
}

/**
 * The partner could not pay: the pending money goes back to the sender's wallet, the amount no longer counts
 * against their limits, and the payout is `refunded` with the partner's `reason`.
 */
export async function giveBackPayout<Facts>(
  tx: Transaction<Database>,
  method: PayoutMethod<Facts>,
  payout: WaitingPayout,
  reason: string,
): Promise<void> {
  const pending = (await platformAccount(tx, method.pending, 'MAD')).id;
  const entry = await move(tx, payout, pending, await walletOf(tx, payout.senderUserId), 'returned');
  await releaseOutgoing(tx, payout.id);
  // Before the status: the sender's notice (the timeline's trigger) reads the reason from this row.
  await tx.updateTable('payouts').set({ reason }).where('transaction_id', '=', payout.id).execute();
  await finishTransaction(tx, payout.id, { status: 'refunded', finalEntryId: entry.id });
}
