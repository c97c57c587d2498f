import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The lease, backoff and dead-letter SQL shared by the outboxes whose rows finish with `done_at`: payment_actions
 * (migration 0041, refunds and cancellations at the card provider), notification_deliveries (migration 0240, the
 * e-mail, SMS and pushes of notifications), recipient_messages (invitations) and receipt_mails (migration 0350,
 * the receipt PDFs) and wallet_payout_dispatches (migration 0641, requests to the mobile wallet operator). Each table has `id`, `attempts`, `next_attempt_at`, `last_error`, `done_at` and `dead_at`.
 * (chain_outbox finishes with `published_at` and fails whole batches at once: it keeps its own statements in
 * anchor-outbox.repository.ts.) Dead letters of every queue, chain_outbox included, are listed and put back through
 * the one list in outbox-queues.ts.
 */
export type OutboxTable =
  | 'payment_actions'
  | 'notification_deliveries'
  | 'recipient_messages'
  | 'receipt_mails'
  | 'wallet_payout_dispatches';

/**
 * Leases up to `limit` due rows: rows another worker holds are skipped (SKIP LOCKED), and the lease counts the
 * attempt and moves next_attempt_at forward, so nobody else takes them while this worker performs them outside
 * any transaction. A worker that dies mid-way leaves its rows to be retried when the lease ends. `where` narrows
 * the rows (a condition on the table's own columns). The leased ids come back in the order they were due.
 */
export async function leaseDue(
  db: Kysely<Database> | Transaction<Database>,
  table: OutboxTable,
  options: { limit: number; leaseSeconds: number; where?: RawBuilder<boolean> },
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH due AS (
      SELECT id FROM ${sql.table(table)}
      WHERE done_at IS NULL AND dead_at IS NULL AND next_attempt_at <= now() AND ${options.where ?? sql<boolean>`true`}
      ORDER BY next_attempt_at
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${sql.table(table)} o
    SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
    FROM due WHERE o.id = due.id
    RETURNING o.id::text AS id`.execute(db);
  return rows.map((row) => row.id);
}

/** Reschedules a failed row after `delayMs`, or makes it a dead letter once it has had `maxAttempts` (true then). */
export async function markFailed(
  db: Kysely<Database>,
  table: OutboxTable,
  id: string,
  delayMs: number,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  const { rows } = await sql<{ dead: boolean }>`
    UPDATE ${sql.table(table)}
    SET next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
        last_error = ${error.slice(0, 500)},
        dead_at = CASE WHEN attempts >= ${maxAttempts}::int THEN now() END
    WHERE id = ${id} AND done_at IS NULL
    RETURNING dead_at IS NOT NULL AS dead`.execute(db);
  return rows[0]?.dead === true;
}

