import { sql, type Kysely } from 'kysely';

/**
 * An agency an operator disabled: no longer offered to customers (lists, withdrawals, pickups), while
 * what is already pending there stays payable by its tellers until it expires. The row stays: transactions and
 * the agency's cash account name it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts ADD COLUMN disabled_at timestamptz`.execute(db);
  await sql`ALTER TABLE contacts ADD CONSTRAINT contacts_disabled_agency_only CHECK (disabled_at IS NULL OR public)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contacts DROP COLUMN disabled_at`.execute(db);
}
