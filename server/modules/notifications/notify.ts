import { sql, type Kysely, type Transaction } from 'kysely';
import type { NotificationKind } from '../../../common/api/notifications.ts';
import type { Database } from '../../db/schema.ts';
import type { NotificationParams } from './notification-params.ts';

/**
 * Tell a user something. Call it with the transaction that makes the change it reports:
 *
 *   await notify(tx, { userId, kind: 'kyc_approved', transactionId: null, params: {} });
 *   await notify(tx, { userId, kind: 'transfer_on_hold', transactionId: id,
 *                      params: { amount: '12500', currency: 'MAD', name: 'Karim B.' } });
 *
 * It writes the in-app notification and, unless `message: false`, queues its e-mail or SMS (notification
 * deliveries, sent by the delivery worker after the commit, never on the response path): so the notification
 * exists exactly when the change does, a rolled-back attempt leaves nothing, and its retry writes it once.
 * Title and body are rendered from `kind` and `params` when read, in the reader's language
 * (a new kind goes into notification-params.ts, each notification-texts-*.ts and common/api/notifications.ts).
 *
 * A transaction's own steps (money received, paid out, collected, cancelled, refunded, expired) are notified by
 * the database itself (trigger of migration 0240): do not call notify() for those as well.
 */
export async function notify<K extends NotificationKind>(
  tx: Transaction<Database> | Kysely<Database>,
  n: {
    userId: string | number | bigint;
    kind: K;
    transactionId: string | number | bigint | null;
    params: NotificationParams[K];
    /** E-mail or SMS too (default true); false for the in-app list only. */
    message?: boolean;
  },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    SELECT notify_user(${String(n.userId)}::bigint, ${n.kind}, ${n.transactionId === null ? null : String(n.transactionId)}::bigint,
                       ${JSON.stringify(n.params)}::jsonb, ${n.message ?? true}) AS id`.execute(tx);
  return String(rows[0]?.id);
}
