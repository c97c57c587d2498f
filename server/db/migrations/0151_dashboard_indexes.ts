import { sql, type Kysely } from 'kysely';

/**
 * The back-office dashboard reads today's and the last 7 days' volumes by kind and status: an
 * index on created_at carrying kind, status and amount answers them with an index-only scan of the period's rows
 * (without it, a sequential scan of the whole table). Webhooks: by time received, and the few still processing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_created_idx ON transactions (created_at)
    INCLUDE (kind, status, amount)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS payment_events_received_idx ON payment_events (received_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS payment_events_processing_idx ON payment_events (received_at)
    WHERE outcome = 'processing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_events_received_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_events_processing_idx`.execute(db);
}
