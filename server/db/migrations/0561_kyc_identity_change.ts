import { sql, type Kysely } from 'kysely';

/**
 * A verified customer's name, date of birth and country change only through a new identity document (ADR 018): the
 * submission carries the identity it asks for (`identity`: first_name, last_name, country, date_of_birth, each only
 * when it changes), the profile keeps the verified one and the customer keeps level 2 until an operator decides.
 * Approved, the profile takes the new identity; rejected, nothing changes. Null for a submission that changes none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE kyc_submissions ADD COLUMN identity jsonb
    CHECK (identity IS NULL OR jsonb_typeof(identity) = 'object')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE kyc_submissions DROP COLUMN identity`.execute(db);
}
