import { sql, type Transaction } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import { money, negate, type Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import { openReview } from '../reviews/reviews.service.ts';
import { currentRecipient, walletOf } from '../transactions/send.service.ts';
import { insertTransaction, nextTransactionId } from '../transactions/transactions.repository.ts';
import { SANCTIONS_REVIEW_KIND, type RecipientScreening, type ScreeningDeps } from './screening.ts';

/**
 * A send held for a compliance review (issue 16), in the caller's transaction: the money goes from the sender's
 * wallet to the platform account compliance-hold (one balanced entry) and the transaction is `on_hold`, its
 * timeline step carrying `reason` (internal: the sender reads only the public code). The one way a send is held,
 * for a sanctions hit (holdTransfer) as for a blocking monitoring rule; the caller opens its review. Nothing reaches
 * the recipient until an operator approves (releaseHeldTransfer).
 */
export async function holdTransferMoney(
  tx: Transaction<Database>,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  hold: { entryKind: 'sanctions_hold' | 'monitoring_hold'; reason: string },
): Promise<string> {
  const id = await nextTransactionId(tx);
  const account = await platformAccount(tx, 'compliance_hold', 'MAD');
  const entry = await post(tx, {
    kind: hold.entryKind,
    reference: { type: 'transaction', id },
    metadata: { contact_id: String(contact.id), reason: hold.reason },
    postings: [
      { accountId: await walletOf(tx, senderId), amount: negate(amount) },
      { accountId: account.id, amount },
    ],
  });
  // The timeline trigger (migration 0180) reads the reason code of the on_hold step from this setting.
  await sql`SELECT set_config('wallet.event_reason', ${hold.reason}, true)`.execute(tx);
  await insertTransaction(tx, {
    id,
    kind: 'transfer',
    status: 'on_hold',
    senderUserId: senderId,
    recipientUserId: contact.contact_user === null ? null : String(contact.contact_user),
    contactId: String(contact.id),
    agencyId: null,
    amount,
    recipientPhoneNumber: contact.phone_number,
    recipientEmail: contact.email,
    ledgerEntryId: entry.id,
    expiresAt: null,
  });
  await sql`SELECT set_config('wallet.event_reason', '', true)`.execute(tx);
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
): Promise<string> {
  const id = await holdTransferMoney(tx, senderId, contact, amount, {
    entryKind: 'sanctions_hold',
    reason: 'sanctions_recipient',
  });
  await openReview(
    tx,
    {
      kind: SANCTIONS_REVIEW_KIND,
      subject: `transaction:${id}`,
      payload: {
        type: 'transfer',
        transaction_id: Number(id),
        contact_id: Number(contact.id),
        sender_user_id: Number(senderId),
        amount: amount.minor.toString(),
        screened_name: screening.screenedName,
        matches: screening.matches,
      },
      dedupeKey: `transaction:${id}`,
    },
    deps.clock.now(),
  );
  return id;
}

/**
 * An operator found the hit a false positive: the held send completes exactly as it would have, from
 * compliance-hold instead of the wallet: to the recipient's wallet when they have an account now (completed,
 * anchored), else to unclaimed transfers, waiting for them to register as any such send does. Caller holds the
 * transaction row's lock and has checked it is on hold. Returns the recipient's user id when credited.
 */
export async function releaseHeldTransfer(
  tx: Transaction<Database>,
  deps: { clock: { now(): Date }; config: { UNCLAIMED_TRANSFER_TTL_SECONDS: number } },
  row: { id: string; amount: string; contact_id: string | null },
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
  const amount = money('MAD', BigInt(row.amount));
  const hold = await platformAccount(tx, 'compliance_hold', 'MAD');
  const to = found !== null ? await walletOf(tx, found) : (await platformAccount(tx, 'unclaimed_transfers', 'MAD')).id;
  const entry = await post(tx, {
    kind: 'sanctions_release',
    reference: { type: 'transaction', id: row.id },
    metadata: { unclaimed: found === null },
    postings: [
      { accountId: hold.id, amount: negate(amount) },
      { accountId: to, amount },
    ],
  });
  const now = deps.clock.now();
  await tx
    .updateTable('transactions')
    .set({
      status: found !== null ? 'completed' : 'unclaimed',
      recipient_user_id: found,
      final_entry_id: entry.id,
      expires_at: found !== null ? null : new Date(now.getTime() + deps.config.UNCLAIMED_TRANSFER_TTL_SECONDS * 1000),
      ...(found !== null && { finished_at: sql<Date>`now()` }),
    })
    .where('id', '=', row.id)
    .execute();
  if (found !== null) await enqueueAnchor(tx, { transactionId: row.id });
  return found;
}
