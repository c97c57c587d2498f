import { sql, type Kysely } from 'kysely';

/**
 * Contacts: the linked user's wallet address, kept with the link (a user's address never changes, and
 * the contacts module does not read the users table), the "already exists" rule made safe against two requests at
 * once, and the lookups that link recipients to a user who registers after being added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts ADD COLUMN account_id text CHECK (account_id ~ '^0x[0-9a-f]{40}$')`.execute(db);
  await sql`ALTER TABLE contacts ADD CONSTRAINT contacts_link_wallet
    CHECK ((contact_user IS NULL) = (account_id IS NULL))`.execute(db);
  // One live recipient per phone and per e-mail in a customer's list; a deleted one may be added again.
  await sql`CREATE UNIQUE INDEX contacts_owner_phone_key ON contacts (owner_user_id, phone_number)
    WHERE deleted_at IS NULL AND NOT public AND phone_number IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX contacts_owner_email_key ON contacts (owner_user_id, email)
    WHERE deleted_at IS NULL AND NOT public AND email IS NOT NULL`.execute(db);
  // A new user is linked to every recipient that names them, in everybody's lists (soft-deleted ones too: history).
  await sql`CREATE INDEX contacts_unlinked_phone_idx ON contacts (phone_number)
    WHERE contact_user IS NULL AND NOT public`.execute(db);
  await sql`CREATE INDEX contacts_unlinked_email_idx ON contacts (email)
    WHERE contact_user IS NULL AND NOT public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS contacts_unlinked_email_idx, contacts_unlinked_phone_idx,
    contacts_owner_email_key, contacts_owner_phone_key`.execute(db);
  await sql`ALTER TABLE contacts DROP CONSTRAINT IF EXISTS contacts_link_wallet`.execute(db);
  await sql`ALTER TABLE contacts DROP COLUMN IF EXISTS account_id`.execute(db);
}
