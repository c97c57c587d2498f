import { sql, type Kysely } from 'kysely';

/**
 * The draft's price is a quote the customer is shown, honoured by validation until
 * `quote_expires_at`. Drafts priced before this migration have none, so their next validation re-quotes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchanges ADD COLUMN quote_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchanges DROP COLUMN quote_expires_at`.execute(db);
}
