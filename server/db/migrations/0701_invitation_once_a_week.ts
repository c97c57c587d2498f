import { sql, type Kysely } from 'kysely';

/**
 * An unregistered recipient is invited at most once a week by the same sender: eight sends in a day are eight
 * transfers waiting for them, but one SMS. `recipient_messages` keeps, for an invitation, who invited
 * (`sender_user_id`) and where it went (`invitee`: the phone, else the e-mail, as the worker chooses), so the
 * trigger (server/db/sql/queue_recipient_invitation.sql) finds the last one by one index probe. Invitations of the
 * last week are filled in from their transfers, so a send right after the upgrade does not invite again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipient_messages ADD COLUMN sender_user_id bigint, ADD COLUMN invitee text`.execute(db);
  await sql`
    UPDATE recipient_messages m
       SET sender_user_id = t.sender_user_id, invitee = coalesce(t.recipient_phone_number, t.recipient_email)
      FROM transactions t
     WHERE t.id = m.transaction_id AND m.kind = 'invitation' AND m.created_at > now() - interval '8 days'`.execute(db);
  await sql`CREATE INDEX recipient_messages_invitee_idx ON recipient_messages (sender_user_id, invitee, created_at DESC)
    WHERE kind = 'invitation'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS recipient_messages_invitee_idx`.execute(db);
  await sql`ALTER TABLE recipient_messages DROP COLUMN IF EXISTS sender_user_id, DROP COLUMN IF EXISTS invitee`.execute(db);
}
