import type { Transaction as Tx } from 'kysely';
import { money } from '../../../../../common/money/money.ts';
import type { Database } from '../../../../db/schema.ts';
import { platformAccount } from '../../../../ledger/accounts.repository.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import type { ReleaseKind } from '../../../reviews/held-money.ts';
import { openHoldReview, SANCTIONS_HOLD } from '../../../sanctions/sanctions-hold.ts';
import { holdMoney, notifyReleased, releaseHeldMoney, withHoldReason } from '../../held-money.ts';
import { listsVersion } from '../../../sanctions/sanctions-index.ts';
import { pickupClearanceSubject } from '../../../sanctions/clearances.ts';
import { screenSubject, type RecipientScreening } from '../../../sanctions/screening.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { openReference, pickupKeys } from './pickup-secrets.ts';
import { smsFactsOf, type PickupSmsFacts } from './pickup-sms.ts';
import { findPickup, lockPickup, type PickupRow } from './pickups.repository.ts';

/**
 * Sanctions screening of cash pickups. The name screened is the pickup's: the name the recipient's ID
 * must carry, which the teller confirms at the counter (the ID number is never screened). Screened at creation (the
 * recipient, as for a send: transactions.service.ts), when the sender corrects the name, and at a reservation or a
 * payout when a list was imported since the last screening. A hit holds the pickup: its money moves from pickups
 * pending to compliance-hold in the same transaction, it is `on_hold` with no expiry, a `sanctions_hit` review is
 * opened; the teller reads only that it cannot be paid out (tipping-off).
 */

/**
 * The pickup's name against the lists of `version`, the entries an operator cleared for this very name left out
 * (for its recipient contact, or for the pickup itself when it has none).
 */
export async function screenPickupName(
  deps: ServiceDeps,
  pickup: { id: string; contact_id: string | null },
  name: string,
  version: string,
): Promise<RecipientScreening> {
  const contact =
    pickup.contact_id === null
      ? undefined
      : await deps.db
          .selectFrom('contacts')
          .select('sanctions_confirmed_at')
          .where('id', '=', pickup.contact_id)
          .executeTakeFirst();
  const clearedFor = pickupClearanceSubject(pickup);
  const matches = await screenSubject(deps, { name }, clearedFor, version);
  return {
    held: matches.length > 0 || (contact?.sanctions_confirmed_at ?? null) !== null,
    matches,
    screenedName: name,
    version,
  };
}

/** The screening's version recorded on the pickup (a clear screening, or the one that held it). */
export async function markScreened(tx: Tx<Database>, id: string, version: string): Promise<void> {
  await tx.updateTable('pickups').set({ sanctions_version: version }).where('transaction_id', '=', id).execute();
}

/** An available pickup the caller locked: held for review (see the module comment). */
export async function holdPickup(
  tx: Tx<Database>,
  deps: ServiceDeps,
  row: Pick<PickupRow, 'id' | 'amount' | 'sender_user_id' | 'contact_id'>,
  screening: RecipientScreening,
): Promise<void> {
  const amount = money('MAD', BigInt(row.amount));
  await holdMoney(tx, SANCTIONS_HOLD, {
    transactionId: row.id,
    from: (await platformAccount(tx, 'pickups_pending', 'MAD')).id,
    amount,
    metadata: { pickup: true },
  });
  await withHoldReason(tx, SANCTIONS_HOLD.reason, () =>
    tx
      .updateTable('transactions')
      .set({ status: 'on_hold', expires_at: null, reserved_by: null, reserved_until: null })
      .where('id', '=', row.id)
      .execute(),
  );
  await markScreened(tx, row.id, screening.version);
  await openHoldReview(tx, deps, {
    type: 'pickup',
    transactionId: row.id,
    contactId: row.contact_id,
    senderId: row.sender_user_id,
    amount,
    screening,
  });
}

/**
 * Before a reservation or a payout: a pickup last screened against an older version of the lists is screened again,
 * and a hit is held (committed) before the teller's request goes on, to be refused as not payable.
 */
export async function rescreenStalePickup(deps: ServiceDeps, id: string): Promise<void> {
  const version = await listsVersion(deps.db);
  const row = await findPickup(deps.db, id);
  if (!row || row.status !== 'available' || row.sanctions_version === version) return;
  const name = `${row.recipient_first_name} ${row.recipient_last_name}`.trim();
  const screening = await screenPickupName(deps, row, name, version);
  await withTransaction(deps.db, async (tx) => {
    const locked = await lockPickup(tx, id);
    // Paid, cancelled or renamed meanwhile: whoever changed it decided (a rename screens the new name itself).
    if (!locked || locked.status !== 'available') return;
    if (`${locked.recipient_first_name} ${locked.recipient_last_name}`.trim() !== name) return;
    if (screening.held) await holdPickup(tx, deps, locked, screening);
    else await markScreened(tx, id, version);
  });
}

/**
 * An operator's approval (a sanctions false positive, or a monitoring hold let go), in the decision's transaction
 * on a held pickup: its money goes back to pickups pending (booked as `releaseKind`), it is available again with a
 * fresh PICKUP_TTL_SECONDS expiry, its sender is told. Returns the recipient's SMS, to send once the decision
 * committed.
 */
export async function releaseHeldPickup(
  tx: Tx<Database>,
  deps: ServiceDeps,
  id: string,
  releaseKind: ReleaseKind,
): Promise<PickupSmsFacts | null> {
  const row = await lockPickup(tx, id);
  if (!row || row.status !== 'on_hold') return null;
  await releaseHeldMoney(tx, {
    transactionId: id,
    to: (await platformAccount(tx, 'pickups_pending', 'MAD')).id,
    amount: money('MAD', BigInt(row.amount)),
    metadata: { pickup: true },
    releaseKind,
  });
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.PICKUP_TTL_SECONDS * 1000);
  await tx
    .updateTable('transactions')
    .set({ status: 'available', expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
  await notifyReleased(tx, id);
  const reference = openReference(pickupKeys(deps.config.SECRET_KEY), row.reference_sealed);
  return reference === null ? null : smsFactsOf({ ...row, expires_at: expiresAt }, reference);
}
