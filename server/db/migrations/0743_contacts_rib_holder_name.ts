import { sql, type Kysely } from 'kysely';

/**
 * The account holder's name in Latin letters, as the recipient's bank account shows it, given by the sender for a
 * recipient whose name is written in another script (Arabic, Tifinagh): a romanisation of it is not the name the
 * Moroccan bank holds, and its confirmation of payee would not match. Null when not given. The database keeps the
 * payment file's character set and length, so no writer can store a name a file could not carry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE contacts ADD COLUMN rib_holder_name text
      CONSTRAINT contacts_rib_holder_name_shape CHECK (rib_holder_name ~ '^[A-Z0-9 /?:().,''+-]{1,35}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts DROP COLUMN IF EXISTS rib_holder_name`.execute(db);
}
