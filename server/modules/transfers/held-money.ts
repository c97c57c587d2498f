import { sql, type Transaction } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import { money, negate, type Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { post, type JsonValue } from '../../ledger/journal.ts';
import { notify } from '../notifications/notify.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import { currentRecipient, walletOf } from './send.service.ts';
import { releaseOutgoing } from '../compliance/limits.ts';
import { monitoringHold, openMonitoringHoldReview, type BlockingJudgement } from '../compliance/monitoring.ts';
import type { ReleaseKind } from '../reviews/held-money.ts';
import { openHoldReview, SANCTIONS_HOLD, type HoldKind } from '../sanctions/sanctions-hold.ts';
import type { RecipientScreening, ScreeningDeps } from '../sanctions/screening.ts';
import { finishTransaction, insertTransaction, nextTransactionId } from './transactions.repository.ts';

/**
 * The reason code of the `on_hold` step the work writes (migration 0180 reads it from this transaction-local
 * setting): internal, the sender reads only the public code.
 */
export async function withHoldReason<T>(tx: Transaction<Database>, reason: string, work: () => Promise<T>): Promise<T> {
  await sql`SELECT set_config('wallet.event_reason', ${reason}, true)`.execute(tx);
  const result = await work();
  await sql`SELECT set_config('wallet.event_reason', '', true)`.execute(tx);
  return result;
}

/** A send held at its creation: to a person's wallet (`transfer`) or through a payout partner (`payout`). */
export type HeldSendKind = 'transfer' | 'payout';

type HeldAmount = { transactionId: string; amount: Money<'MAD'>; metadata: { [key: string]: JsonValue } };

/** One balanced entry into compliance-hold from `account` ('in') or out of it to `account` ('out'). */
async function throughComplianceHold(
  tx: Transaction<Database>,
  direction: 'in' | 'out',
  input: HeldAmount & { account: string; entryKind: HoldKind['entryKind'] | ReleaseKind },
): Promise<string> {
  const hold = (await platformAccount(tx, 'compliance_hold', 'MAD')).id;
  const [from, to] = direction === 'in' ? [input.account, hold] : [hold, input.account];
  const entry = await post(tx, {
    kind: input.entryKind,
    reference: { type: 'transaction', id: input.transactionId },
    metadata: input.metadata,
    postings: [
      { accountId: from, amount: negate(input.amount) },
      { accountId: to, amount: input.amount },
    ],
  });
  return entry.id;
}

/**
 * The held money of a send or a cash pickup: from `from` (the sender's wallet, or pickups pending for a pickup held
 * after its creation) to the platform account compliance-hold. Returns the entry.
 */
export const holdMoney = (tx: Transaction<Database>, hold: HoldKind, input: HeldAmount & { from: string }) =>
  throughComplianceHold(tx, 'in', { ...input, account: input.from, entryKind: hold.entryKind });

/**
 * The approval's money: compliance-hold to `to` (a wallet, unclaimed transfers, pickups pending), booked under the
 * review's release kind. Returns the entry.
 */
export const releaseHeldMoney = (
  tx: Transaction<Database>,
  input: HeldAmount & { to: string; releaseKind: ReleaseKind },
) => throughComplianceHold(tx, 'out', { ...input, account: input.to, entryKind: input.releaseKind });

/**
 * A held send or pickup whose review refused it, its money given back: compliance-hold to the sender's wallet in
 * one balanced entry (booked as `refundKind`), the amount no longer counted against the sender's limits, and the
 * transaction `refunded`, whose timeline step and sender's notice (`transfer_refunded`) the database writes with it
 * (migrations 0180, 0240). A pickup's reference is the caller's to kill. Caller holds the row lock and has checked
 * it is on hold. Returns the entry.
 */
export async function refundHeldMoney(
  tx: Transaction<Database>,
  row: { id: string; amount: string; sender_user_id: string | null },
  refundKind: ReleaseKind,
): Promise<string> {
  if (row.sender_user_id === null) throw new Error(`held transaction ${row.id} has no sender`);
  const entryId = await releaseHeldMoney(tx, {
    transactionId: row.id,
    to: await walletOf(tx, row.sender_user_id),
    amount: money('MAD', BigInt(row.amount)),
    metadata: { reason: 'review_rejected' },
    releaseKind: refundKind,
  });
  await releaseOutgoing(tx, row.id);
  await finishTransaction(tx, row.id, { status: 'refunded', finalEntryId: entryId });
  return entryId;
}

/**
 * The sender's `transfer_released` notice when an operator lets a held send or pickup go on (its `on_hold` notice
 * was written by the timeline's trigger, migration 0330). Only that the check is over: nothing of why.
 */
export async function notifyReleased(tx: Transaction<Database>, transactionId: string): Promise<void> {
  const row = await tx
    .selectFrom('transactions as t')
    .leftJoin('pickups as p', 'p.transaction_id', 't.id')
    .leftJoin('contacts as c', 'c.id', 't.contact_id')
    .select(['t.sender_user_id', 't.amount', 't.currency', 't.kind'])
    .select(
      sql<string>`trim(coalesce(p.recipient_first_name || ' ' || p.recipient_last_name,
                                c.first_name || ' ' || c.last_name, ''))`.as('name'),
    )
    .where('t.id', '=', transactionId)
    .executeTakeFirstOrThrow();
  if (row.sender_user_id === null) return;
  await notify(tx, {
    userId: row.sender_user_id,
    kind: 'transfer_released',
    transactionId,
    params: { amount: row.amount, currency: row.currency, name: row.name, transaction_kind: row.kind },
  });
}

/**
 * A send held for a compliance review, in the caller's transaction: the money goes from the sender's
 * wallet to compliance-hold and the transaction is `on_hold`, its timeline step carrying the hold's reason code (the
 * sender's notice is the step's, migration 0330). The one way a send is held, for a sanctions hit (holdTransfer) as
 * for a blocking monitoring rule; the caller opens its review. Nothing reaches the recipient until an operator
 * approves (releaseHeldTransfer; a payout through a partner, `kind` payout: releaseHeldPayout).
 */
export async function holdTransferMoney(
  tx: Transaction<Database>,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  hold: HoldKind,
  kind: HeldSendKind = 'transfer',
): Promise<string> {
  const id = await nextTransactionId(tx);
  const entryId = await holdMoney(tx, hold, {
    transactionId: id,
    from: await walletOf(tx, senderId),
    amount,
    metadata: { contact_id: String(contact.id), reason: hold.reason },
  });
  await withHoldReason(tx, hold.reason, () =>
    insertTransaction(tx, {
      id,
      kind,
      status: 'on_hold',
      senderUserId: senderId,
      // A payout goes to the contact through a partner, never to a user's wallet.
      recipientUserId: kind === 'payout' || contact.contact_user === null ? null : String(contact.contact_user),
      contactId: String(contact.id),
      agencyId: null,
      amount,
      recipientPhoneNumber: contact.phone_number,
      recipientEmail: contact.email,
      ledgerEntryId: entryId,
      expiresAt: null,
    }),
  );
  return id;
}

/** A send to a recipient under a sanctions hit: held, and a review with the matches opened. */
export async function holdTransfer(
  tx: Transaction<Database>,
  deps: ScreeningDeps,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  screening: RecipientScreening,
  kind: HeldSendKind = 'transfer',
): Promise<string> {
  const id = await holdTransferMoney(tx, senderId, contact, amount, SANCTIONS_HOLD, kind);
  await openHoldReview(tx, deps, {
    type: 'transfer',
    transactionId: id,
    contactId: String(contact.id),
    senderId,
    amount,
    screening,
  });
  return id;
}

/**
 * An operator found the hit a false positive: the held send completes exactly as it would have, from
 * compliance-hold instead of the wallet: to the recipient's wallet when they have an account now (completed,
 * anchored), else to unclaimed transfers, waiting for them to register as any such send does. Caller holds the
 * transaction row's lock and has checked it is on hold. Its sender is told (transfer_released). Returns the
 * recipient's user id when credited.
 */
export async function releaseHeldTransfer(
  tx: Transaction<Database>,
  deps: { clock: { now(): Date }; config: { UNCLAIMED_TRANSFER_TTL_SECONDS: number } },
  row: { id: string; amount: string; contact_id: string | null },
  releaseKind: ReleaseKind,
): Promise<string | null> {
  const contact = await tx
    .selectFrom('contacts')
    .select(['contact_user', 'phone_number', 'email'])
    .where('id', '=', row.contact_id ?? '0')
    .executeTakeFirstOrThrow();
  const found =
    contact.contact_user !== null
      ? String(contact.contact_user)
      : ((await currentRecipient(tx, { ...contact, contact_user: null }))?.id ?? null);
  const to = found !== null ? await walletOf(tx, found) : (await platformAccount(tx, 'unclaimed_transfers', 'MAD')).id;
  const entryId = await releaseHeldMoney(tx, {
    transactionId: row.id,
    to,
    amount: money('MAD', BigInt(row.amount)),
    metadata: { unclaimed: found === null },
    releaseKind,
  });
  const now = deps.clock.now();
  await tx
    .updateTable('transactions')
    .set({
      status: found !== null ? 'completed' : 'unclaimed',
      recipient_user_id: found,
      final_entry_id: entryId,
      expires_at: found !== null ? null : new Date(now.getTime() + deps.config.UNCLAIMED_TRANSFER_TTL_SECONDS * 1000),
      ...(found !== null && { finished_at: sql<Date>`now()` }),
    })
    .where('id', '=', row.id)
    .execute();
  if (found !== null) await enqueueAnchor(tx, { transactionId: row.id });
  await notifyReleased(tx, row.id);
  return found;
}

/** A send that breaks blocking monitoring rules: held (compliance hold, on_hold), its review opened, the alerts recorded. */
export async function holdForMonitoring(
  tx: Transaction<Database>,
  deps: { clock: { now(): Date } },
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  judgement: BlockingJudgement,
  kind: HeldSendKind = 'transfer',
): Promise<string> {
  const id = await holdTransferMoney(tx, senderId, contact, amount, monitoringHold(judgement), kind);
  await openMonitoringHoldReview(tx, deps, { id, senderId, contact, amount, judgement });
  return id;
}
