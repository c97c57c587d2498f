import { sql, type Kysely } from 'kysely';

/**
 * The history's amount filter (`amount`, or `amount_gte`/`amount_lte` at +-10 %) per side of a
 * transaction. A list is always "mine" (sender OR recipient), so PostgreSQL combines one index per side with a
 * BitmapOr. With only (sender_user_id, id) and (recipient_user_id, id), a customer with many transactions got a
 * full scan of the whole table for a rare amount (bench/list-endpoints.ts, 100,000 rows, a customer with 42,000 of
 * them, `amount=250.00`): the page walked transactions_pkey backwards through all 100,000 rows (13.7 ms) and the
 * count was a sequential scan (10.4 ms), both growing with the table, not with the customer. With these indexes:
 * 0.05 ms and 0.02 ms (a BitmapOr of two index scans), and 2.5 ms for the +-10 % range's count of 4,195 rows.
 * Cost: two more index entries per history row, written once (amount and parties never change, so later status
 * updates stay HOT); nothing next to a send's security-code check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_sender_amount_idx ON transactions (sender_user_id, amount)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS transactions_recipient_amount_idx ON transactions (recipient_user_id, amount)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_recipient_amount_idx, transactions_sender_amount_idx`.execute(db);
}
