import { sql, type Kysely } from 'kysely';

/**
 * The history's per-side indexes (0005: (sender_user_id, id DESC) and (recipient_user_id, id DESC)) made covering
 * for the history's filters (category, amount, dates, contact), so that the list (transactions-query.repository.ts:
 * one query per side,
 * merged) reads each side from its index alone: the page walks it newest first and the count is an Index Only
 * Scan, both testing kind, amount, created_at, contact and the other party on the index tuple, without visiting
 * the table. Same keys as before, so every query that used the old indexes uses these.
 *
 * EXPLAIN (ANALYZE) on bench/list-endpoints.ts's data (100,000 rows; the heaviest customer has 42,000 of them),
 * the 7-day window 30 days back, SQL time of the endpoint (page + count, best of 5 on one database at one load):
 *   before (one query, `sender_user_id = $1 OR recipient_user_id = $1`, 0005 indexes): 9.9 ms
 *     page:  Index Scan Backward using transactions_pkey, Rows Removed by Filter: 33647
 *     count: Bitmap Heap Scan on a BitmapOr, Rows Removed by Filter: 37769, Heap Blocks: exact=1516
 *   one query per side, 0005 indexes: no better
 *     page:  per side, Index Scan Backward using transactions_pkey, Rows Removed by Filter: 33160 (4.5 ms each):
 *            with created_at only in the table, walking the pkey looked cheaper than the side's 20,000 rows
 *     count: per side, Bitmap Heap Scan, Rows Removed by Filter: 19786, Heap Blocks: exact=1516 (3.5 ms each)
 *   one query per side, these indexes: 4.1 ms
 *     page:  per side, Index Only Scan using transactions_*_history_idx, Filter: created_at, Heap Fetches: 0
 *     count: per side, Index Only Scan, Filter: created_at, Heap Fetches: 0
 * Others, heaviest customer: first page 8.5 -> 4.7 ms (the count: a Seq Scan, then two Index Only Scans of 42,000
 * entries), category sending/reception 4.3 -> 2.7/3.3 ms, contact 5.1 -> 1.4 ms; a typical customer (500 rows):
 * 7-day window 4.2 -> 0.17 ms, page 100 3.1 -> 0.38 ms, every list query under 0.4 ms.
 *
 * Cost: entries about 1.7 times as large (8 MB instead of 5 MB per side at 100,000 rows). The covered columns
 * never change after insert except recipient_user_id (a claim), which is already a key of the recipient index:
 * status updates stay HOT as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_sender_history_idx ON transactions (sender_user_id, id DESC)
    INCLUDE (recipient_user_id, kind, amount, created_at, contact_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS transactions_recipient_history_idx ON transactions (recipient_user_id, id DESC)
    INCLUDE (sender_user_id, kind, amount, created_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS transactions_sender_idx, transactions_recipient_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_sender_idx ON transactions (sender_user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS transactions_recipient_idx ON transactions (recipient_user_id, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS transactions_recipient_history_idx, transactions_sender_history_idx`.execute(db);
}
