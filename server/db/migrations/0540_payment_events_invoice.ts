import { sql, type Kysely } from 'kysely';

/**
 * What the provider said it was paid, kept with each event: the invoice a renewal pays and the amount of a renewal
 * or a completed checkout. The day's reconciliation matches every subscription revenue entry with the payment
 * behind it; a renewal's payment is known only from its event, which did not keep the invoice. Events received
 * before this migration have neither (their renewals cannot be matched and read as revenue with no payment).
 *
 * Two small partial indexes for that report: the renewals received on a day, and a renewal by its invoice. The
 * settled-checkouts index covers subscription checkouts too now (it was exchanges only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_events ADD COLUMN invoice_id text, ADD COLUMN amount bigint`.execute(db);
  await sql`CREATE INDEX payment_events_renewals_received_idx ON payment_events (received_at)
            WHERE type = 'renewal_paid'`.execute(db);
  await sql`CREATE INDEX payment_events_renewals_invoice_idx ON payment_events (invoice_id)
            WHERE type = 'renewal_paid'`.execute(db);
  await sql`CREATE INDEX payment_sessions_finished_idx ON payment_sessions (finished_at)
            WHERE finished_at IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_sessions_settled_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS payment_sessions_settled_idx ON payment_sessions (finished_at)
            WHERE purpose = 'exchange' AND finished_at IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_sessions_finished_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_events_renewals_invoice_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_events_renewals_received_idx`.execute(db);
  await sql`ALTER TABLE payment_events DROP COLUMN amount, DROP COLUMN invoice_id`.execute(db);
}
