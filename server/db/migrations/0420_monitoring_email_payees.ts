import { sql, type Kysely } from 'kysely';

/**
 * Transaction monitoring counts, per rule, the movements to one payee within a window. A payee known
 * only by an e-mail address (a send to someone without an account, waiting to be claimed) had no index once the
 * transfer left the `unclaimed` status, so judging one such movement read every transaction of the window
 * (bench/monitoring-pass.ts). Partial, like transactions_payee_phone_idx: sends to registered recipients and to
 * phone numbers, nearly all of them, never match its predicate and pay nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_payee_email_idx ON transactions (recipient_email, created_at)
    WHERE recipient_user_id IS NULL AND recipient_phone_number IS NULL AND kind IN ('transfer', 'pickup')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_payee_email_idx`.execute(db);
}
