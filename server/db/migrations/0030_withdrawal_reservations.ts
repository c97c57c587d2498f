import { sql, type Kysely } from 'kysely';

/**
 * A teller reserves a pending withdrawal before cash leaves the till. While `reserved_until` is in
 * the future (database time), the customer's cancel, another teller and the expiry sweep leave the row alone.
 * Nullable columns without a default: adding them rewrites nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions
    ADD COLUMN IF NOT EXISTS reserved_by bigint REFERENCES users (id),
    ADD COLUMN IF NOT EXISTS reserved_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions DROP COLUMN IF EXISTS reserved_until, DROP COLUMN IF EXISTS reserved_by`.execute(db);
}
