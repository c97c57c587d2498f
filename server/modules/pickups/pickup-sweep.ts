import { formatAmount, money } from '../../../common/money/money.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { notifyUser } from '../transactions/transfer-notifications.ts';
import { openReference, pickupKeys } from './pickup-secrets.ts';
import { textRecipient } from './pickup-sms.ts';
import { claimNextReminder } from './pickups.repository.ts';

/**
 * The expiry sweep's pickup part (issue 17): the recipient's reminder PICKUP_REMINDER_SECONDS before expiry, each
 * pickup once (marked in its own transaction, rows of other processes skipped), sent after commit; and the
 * sender's notice for each pickup the sweep expired.
 */
export async function sendPickupReminders(deps: ServiceDeps): Promise<number> {
  const keys = pickupKeys(deps.config.SECRET_KEY);
  let sent = 0;
  for (;;) {
    const due = await withTransaction(deps.db, (tx) => claimNextReminder(tx, deps.config.PICKUP_REMINDER_SECONDS));
    if (!due) return sent;
    const reference = openReference(keys, due.reference_sealed);
    if (reference === null || due.recipient_phone_number === null || due.expires_at === null) continue;
    await textRecipient(
      deps,
      {
        phone: due.recipient_phone_number,
        sender: `${due.sender_first_name ?? ''} ${due.sender_last_name ?? ''}`.trim(),
        recipient: `${due.recipient_first_name} ${due.recipient_last_name}`.trim(),
        amount: formatAmount(money('MAD', BigInt(due.amount))),
        reference,
        expiresAt: due.expires_at,
        agency: due.agency_name === null ? null : [due.agency_name, due.agency_city].filter(Boolean).join(', '),
      },
      true,
    );
    sent += 1;
  }
}

export async function notifyExpiredPickups(deps: ServiceDeps, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db
    .selectFrom('transactions as t')
    .innerJoin('pickups as p', 'p.transaction_id', 't.id')
    .select(['t.id', 't.sender_user_id', 't.amount', 'p.recipient_first_name', 'p.recipient_last_name'])
    .where('t.id', 'in', [...ids])
    .where('t.kind', '=', 'pickup')
    .where('t.status', '=', 'expired')
    .execute();
  for (const row of rows) {
    if (row.sender_user_id === null) continue;
    await notifyUser(deps, row.sender_user_id, {
      kind: 'pickup_expired',
      amount: formatAmount(money('MAD', BigInt(row.amount))),
      name: `${row.recipient_first_name} ${row.recipient_last_name}`.trim(),
    });
  }
}
