import { sql, type Kysely } from 'kysely';

/**
 * The automatic purge of closed accounts past their retention (ADR 015): the expiry sweep deletes the
 * `closed_accounts` rows whose `retain_until` has passed, oldest first, in batches. This index lets each batch read
 * only the rows due instead of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS closed_accounts_retain_until_idx ON closed_accounts (retain_until)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS closed_accounts_retain_until_idx`.execute(db);
}
