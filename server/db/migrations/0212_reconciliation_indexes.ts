import { sql, type Kysely } from 'kysely';

/**
 * The day's reconciliation (/api/ops/reconciliation/) reads the ledger entries of one kind created on one
 * day (top-up credits) and the exchange checkouts settled on one day: without these it would scan every entry and
 * every session ever written. Both tables are append-mostly; one small index each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ledger_entries_kind_created_idx ON ledger_entries (kind, created_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS payment_sessions_settled_idx ON payment_sessions (finished_at)
            WHERE purpose = 'exchange' AND finished_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payment_sessions_settled_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS ledger_entries_kind_created_idx`.execute(db);
}
