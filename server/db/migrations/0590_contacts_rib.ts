import { sql, type Kysely } from 'kysely';

/**
 * A recipient's Moroccan bank account (RIB), for bank deposit payouts: the 24 digits without spaces, or null. The
 * API checks the key and the bank code (common/banking/rib.ts); the database keeps at least the shape, so no
 * writer can store a RIB a payment file could not carry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts ADD COLUMN rib text CONSTRAINT contacts_rib_shape CHECK (rib ~ '^[0-9]{24}$')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts DROP COLUMN IF EXISTS rib`.execute(db);
}
