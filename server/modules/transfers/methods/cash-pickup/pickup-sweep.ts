import { withTransaction } from '../../../../ledger/transaction.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { openReference, pickupKeys } from './pickup-secrets.ts';
import { smsFactsOf, textRecipient } from './pickup-sms.ts';
import { claimNextReminder } from './pickups.repository.ts';

/**
 * The expiry sweep's pickup part: the recipient's reminder PICKUP_REMINDER_SECONDS before expiry, each
 * pickup once (marked in its own transaction, rows of other processes skipped), sent after commit. The sender's
 * notice for each pickup the sweep expired is written with the expiry (the timeline's trigger, migration 0240).
 */
export async function sendPickupReminders(deps: ServiceDeps): Promise<number> {
  const keys = pickupKeys(deps.config.SECRET_KEY);
  let sent = 0;
  for (;;) {
    const due = await withTransaction(deps.db, (tx) => claimNextReminder(tx, deps.config.PICKUP_REMINDER_SECONDS));
    if (!due) return sent;
    const reference = openReference(keys, due.reference_sealed);
    const facts = reference === null ? null : smsFactsOf(due, reference);
    if (facts === null) continue;
    await textRecipient(deps, facts, true);
    sent += 1;
  }
}
