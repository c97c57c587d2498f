import { pickupBeingPaidOutMessage, pickupMessages } from '../../../../../common/api/pickups.ts';
import { badRequest, conflict, notFound } from '../../../../http/http-error.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import type { AuthUser } from '../../../auth/authenticate.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { requireSecurityCode } from '../../../users/security-code.service.ts';
import { listsVersion } from '../../../sanctions/sanctions-index.ts';
import { holdPickup, markScreened, screenPickupName } from './pickup-screening.ts';
import { lockPickup, renameRecipient } from './pickups.repository.ts';

/**
 * `POST /api/transactions/{id}/recipient_name/`: the sender corrects the name the ID must carry, the
 * most common reason a pickup fails at the counter. It decides who may take the cash, so it takes the sender's
 * security code, like a send; each change is kept with its time. Refused once paid, cancelled or expired, and
 * while a teller holds it for payout (the ID is being checked against the name). The new name is screened against
 * the sanctions lists: a hit holds the pickup for review in the rename's transaction.
 */
export async function correctPickupName(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  body: { first_name: string; last_name: string; security_code: string },
): Promise<void> {
  const owned = await deps.db
    .selectFrom('transactions')
    .select(['id', 'contact_id'])
    .where('id', '=', id)
    .where('kind', '=', 'pickup')
    .where('sender_user_id', '=', user.id)
    .executeTakeFirst();
  if (!owned) throw notFound();
  await requireSecurityCode(deps, user.id, body.security_code);
  // The new name (the one the ID must carry) against the lists in force; a hit holds the pickup.
  const name = `${body.first_name} ${body.last_name}`.trim();
  const screening = await screenPickupName(deps, owned, name, await listsVersion(deps.db));
  await withTransaction(deps.db, async (tx) => {
    const row = await lockPickup(tx, id);
    if (!row || row.sender_user_id !== user.id) throw notFound();
    if (row.status !== 'available' || row.past_expiry) throw badRequest(pickupMessages.nameNotEditable);
    if (row.reserved) throw conflict(pickupBeingPaidOutMessage);
    if (row.recipient_first_name === body.first_name && row.recipient_last_name === body.last_name) return;
    await renameRecipient(tx, {
      id,
      previous: { first: row.recipient_first_name, last: row.recipient_last_name },
      first: body.first_name,
      last: body.last_name,
      by: user.id,
    });
    if (screening.held) await holdPickup(tx, deps, row, screening);
    else await markScreened(tx, id, screening.version);
  });
}
