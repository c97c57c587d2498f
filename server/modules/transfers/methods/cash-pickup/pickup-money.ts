import type { Transaction as Tx } from 'kysely';
import type { Contact } from '../../../../../common/api/contacts.ts';
import { money, negate, type Money } from '../../../../../common/money/money.ts';
import type { Database } from '../../../../db/schema.ts';
import { findAgencyCashAccount, platformAccount } from '../../../../ledger/accounts.repository.ts';
import { post, type JsonValue } from '../../../../ledger/journal.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { openHoldReview, SANCTIONS_HOLD, type HoldKind } from '../../../sanctions/sanctions-hold.ts';
import { holdMoney, withHoldReason } from '../../held-money.ts';
import type { RecipientScreening } from '../../../sanctions/screening.ts';
import { walletOf } from '../../send.service.ts';
import { finishTransaction, insertTransaction, nextTransactionId } from '../../transactions.repository.ts';
import { getUser } from '../../../users/users.service.ts';
import { newPickupReference, pickupKeys, referenceHash, sealReference } from './pickup-secrets.ts';
import type { PickupSmsFacts } from './pickup-sms.ts';
import { insertPickup, killReference } from './pickups.repository.ts';

/**
 * The money of a cash pickup, each move one balanced entry in the caller's transaction: the send
 * (wallet -> pickups pending), the payout (pickups pending -> the paying agency's cash), the return on cancel or
 * expiry (pickups pending -> the sender's wallet). The caller holds the transaction row's lock and has checked its
 * status, so each way out happens once.
 */

export interface CreatedPickup {
  id: string;
  /** The recipient's SMS, sent after commit; null for a pickup held for a review (no SMS, no expiry). */
  sms: PickupSmsFacts | null;
}

/** Why a new pickup is held: the hold's kind, and its review, opened once the pickup is written. */
export interface PickupHold {
  kind: HoldKind;
  openReview: (id: string) => Promise<void>;
}

/** A sanctions hit on the pickup's recipient: held, its `sanctions_hit` review (type pickup) with the matches. */
export const sanctionsPickupHold = (
  tx: Tx<Database>,
  deps: ServiceDeps,
  pickup: { senderId: string; contact: Contact; amount: Money<'MAD'>; screening: RecipientScreening },
): PickupHold => ({
  kind: SANCTIONS_HOLD,
  openReview: (id) =>
    openHoldReview(tx, deps, {
      type: 'pickup',
      transactionId: id,
      contactId: String(pickup.contact.id),
      senderId: pickup.senderId,
      amount: pickup.amount,
      screening: pickup.screening,
    }),
});

/**
 * A new cash pickup. Held (a sanctions hit on the recipient, or a blocking monitoring rule), the money goes to
 * compliance-hold instead of pickups pending, the pickup is `on_hold` with no expiry, the hold's review is opened,
 * and no SMS leaves; an operator's approval makes it available (releaseHeldPickup). `sanctionsVersion`: the lists
 * the recipient was screened against.
 */
export async function sendPickup(
  tx: Tx<Database>,
  deps: ServiceDeps,
  senderId: string,
  contact: Contact,
  agency: Contact | null,
  amount: Money<'MAD'>,
  screened: { sanctionsVersion: string; hold: PickupHold | null },
): Promise<CreatedPickup> {
  if (contact.phone_number === null) throw new Error('pickup contact without a phone');
  const id = await nextTransactionId(tx);
  const { hold } = screened;
  const metadata: { [key: string]: JsonValue } = agency === null ? {} : { agency_id: String(agency.id) };
  const wallet = await walletOf(tx, senderId);
  const entryId = hold
    ? await holdMoney(tx, hold.kind, { transactionId: id, from: wallet, amount, metadata })
    : (
        await post(tx, {
          kind: 'pickup_send',
          reference: { type: 'transaction', id },
          metadata,
          postings: [
            { accountId: wallet, amount: negate(amount) },
            { accountId: (await platformAccount(tx, 'pickups_pending', 'MAD')).id, amount },
          ],
        })
      ).id;
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.PICKUP_TTL_SECONDS * 1000);
  const insert = () =>
    insertTransaction(tx, {
      id,
      kind: 'pickup',
      status: hold ? 'on_hold' : 'available',
      senderUserId: senderId,
      recipientUserId: null,
      contactId: String(contact.id),
      agencyId: null,
      amount,
      recipientPhoneNumber: contact.phone_number,
      ledgerEntryId: entryId,
      expiresAt: hold ? null : expiresAt,
    });
  await (hold ? withHoldReason(tx, hold.kind.reason, insert) : insert());
  if (hold) await hold.openReview(id);
  const keys = pickupKeys(deps.config.SECRET_KEY);
  for (let attempt = 0; ; attempt++) {
    const reference = newPickupReference();
    const stored = await insertPickup(tx, {
      transactionId: id,
      referenceHash: referenceHash(keys, reference),
      referenceSealed: sealReference(keys, reference),
      firstName: contact.first_name,
      lastName: contact.last_name,
      agencyId: agency === null ? null : String(agency.id),
      sanctionsVersion: screened.sanctionsVersion,
    });
    if (stored && hold) return { id, sms: null };
    if (stored) {
      const sender = await getUser(tx, senderId);
      return {
        id,
        sms: {
          phone: contact.phone_number,
          sender: `${sender?.first_name ?? ''} ${sender?.last_name ?? ''}`.trim(),
          recipient: `${contact.first_name} ${contact.last_name}`.trim(),
          amount,
          reference,
          expiresAt,
          agency: agency === null ? null : { name: agency.first_name, city: agency.city },
        },
      };
    }
    if (attempt >= 5) throw new Error('no free pickup reference after 6 draws');
  }
}

/** Cash over the counter of `agencyId`: returns the payout entry. */
export async function payOutPickup(
  tx: Tx<Database>,
  row: { id: string; amount: string },
  input: { agencyId: string; tellerId: string },
): Promise<string> {
  const cash = await findAgencyCashAccount(tx, input.agencyId);
  if (!cash) throw new Error(`Agency ${input.agencyId} has no cash account`);
  const amount = money('MAD', BigInt(row.amount));
  const pending = await platformAccount(tx, 'pickups_pending', 'MAD');
  const entry = await post(tx, {
    kind: 'pickup_payout',
    reference: { type: 'transaction', id: row.id },
    metadata: { teller: input.tellerId, agency_id: input.agencyId },
    postings: [
      { accountId: pending.id, amount: negate(amount) },
      { accountId: cash.id, amount },
    ],
  });
  return entry.id;
}

/** Cancelled by its sender, refunded by an operator or expired: the amount goes back to the sender's wallet, the reference dies. */
export async function returnPickup(
  tx: Tx<Database>,
  row: { id: string; amount: string; sender_user_id: string | null },
  status: 'cancelled' | 'expired' | 'refunded',
  /** What the entry records (an operator's refund says who and which request). */
  metadata: { [key: string]: JsonValue } = { reason: status },
): Promise<void> {
  if (row.sender_user_id === null) throw new Error(`pickup ${row.id} has no sender`);
  const amount = money('MAD', BigInt(row.amount));
  const pending = await platformAccount(tx, 'pickups_pending', 'MAD');
  const entry = await post(tx, {
    kind: 'pickup_return',
    reference: { type: 'transaction', id: row.id },
    metadata,
    postings: [
      { accountId: pending.id, amount: negate(amount) },
      { accountId: await walletOf(tx, row.sender_user_id), amount },
    ],
  });
  await finishTransaction(tx, row.id, { status, finalEntryId: entry.id });
  await killReference(tx, row.id);
}
