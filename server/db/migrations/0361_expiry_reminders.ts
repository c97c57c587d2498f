import { sql, type Kysely } from 'kysely';

/**
 * Reminders before a transfer to an unregistered recipient expires: one row per transfer reminded. The
 * primary key is what makes it once: two sweeps (two processes, or one pass retried) that find the same transfer
 * both insert, one waits for the other's commit and then inserts nothing (ON CONFLICT DO NOTHING), and only the
 * statement that inserted writes the sender's notification and queues the recipient's message (expiry-reminders.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE expiry_reminders (
      transaction_id bigint PRIMARY KEY REFERENCES transactions (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE expiry_reminders`.execute(db);
}
