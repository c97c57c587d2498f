import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Reminders before the claim window of a transfer to an unregistered recipient ends, run by the expiry
 * sweep: every unclaimed transfer expiring within EXPIRY_REMINDER_SECONDS of `now` and not reminded yet gets, in one
 * statement (one transaction), its expiry_reminders row, the sender's `transfer_expiring` notification and the
 * recipient's reminder in the recipient_messages outbox. The primary key of expiry_reminders makes it once, even
 * with two sweeps at the same moment: only the statement whose insert won writes the rest. Returns how many.
 */
export async function remindBeforeExpiry(db: Kysely<Database>, now: Date, withinSeconds: number): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    WITH due AS (
      INSERT INTO expiry_reminders (transaction_id)
      SELECT t.id FROM transactions t
      WHERE t.kind = 'transfer' AND t.status = 'unclaimed' AND t.sender_user_id IS NOT NULL
        AND t.expires_at > ${now} AND t.expires_at <= ${now}::timestamptz + make_interval(secs => ${withinSeconds})
      ON CONFLICT DO NOTHING
      RETURNING transaction_id
    ), messages AS (
      INSERT INTO recipient_messages (transaction_id, kind)
      SELECT transaction_id, 'reminder' FROM due
      ON CONFLICT DO NOTHING
    )
    SELECT t.id::text AS id, notify_user(t.sender_user_id, 'transfer_expiring', t.id,
      jsonb_build_object('amount', t.amount::text, 'currency', t.currency, 'transaction_kind', t.kind,
        'name', coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), t.recipient_phone_number, t.recipient_email)),
      true) AS notification
    FROM due JOIN transactions t ON t.id = due.transaction_id
    LEFT JOIN contacts c ON c.id = t.contact_id`.execute(db);
  return rows.length;
}
