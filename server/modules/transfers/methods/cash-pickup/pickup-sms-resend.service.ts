import type { Transaction } from 'kysely';
import { opsMessages } from '../../../../../common/api/ops.ts';
import type { Database } from '../../../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../../../http/http-error.ts';
import { lockTransaction } from '../../transactions.repository.ts';
import { openReference, pickupKeys } from './pickup-secrets.ts';
import { smsFactsOf, type PickupSmsFacts } from './pickup-sms.ts';
import { lockPickup } from './pickups.repository.ts';

/**
 * The recipient's pickup SMS sent again (an operator answering "my mother never got the code"): the same message
 * as at send time, with the same reference, for a pickup that can still be collected. Locked like every way out,
 * so it cannot cross a payout, cancel or expiry unseen. A held pickup, or one whose sender is frozen, tells the
 * recipient nothing: a message then would tip them off that something stopped it, so it is refused, as for a
 * collected, cancelled, refunded or expired one. The caller texts after its commit (`textRecipient`).
 */
export async function lockPickupSmsToResend(
  tx: Transaction<Database>,
  id: string,
  now: Date,
  secretKey: string,
): Promise<PickupSmsFacts> {
  const row = await lockPickup(tx, id);
  if (!row) throw (await lockTransaction(tx, id)) ? badRequest(opsMessages.pickupSmsNotAPickup) : notFound();
  if (row.status === 'on_hold' || (row.status === 'available' && row.sender_frozen))
    throw conflict(opsMessages.pickupSmsHeld);
  const expired = row.past_expiry || (row.expires_at !== null && row.expires_at <= now);
  if (row.status !== 'available' || expired) throw conflict(opsMessages.pickupSmsFinished);
  const reference = openReference(pickupKeys(secretKey), row.reference_sealed);
  const facts = reference === null ? null : smsFactsOf(row, reference);
  if (facts === null) throw conflict(opsMessages.pickupSmsNoPhone);
  return facts;
}
