import { sql, type Kysely } from 'kysely';

/**
 * A phone set on an e-mail user's profile can be proved by an SMS code: phone_verified_at is when. A
 * phone that signs in (phone_auth) was proved by its sign-in code and keeps phone_verified_at null. The check
 * makes a proof die with its number: a phone released or erased cannot stay 'proved'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN phone_verified_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE users ADD CONSTRAINT users_phone_verified_number
      CHECK (phone_verified_at IS NULL OR phone_number IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_phone_verified_number`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS phone_verified_at`.execute(db);
}
