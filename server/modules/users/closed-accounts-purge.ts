import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';

/** Rows purged per transaction: short transactions, a bounded lock set. */
export const CLOSED_ACCOUNTS_PURGE_BATCH = 100;

/**
 * Purges what a closed account left for the anti-money-laundering retention once it is over (AMLR 2024/1624 art.
 * 77, 5 years; ADR 015): the `closed_accounts` row (identity and due-diligence data) and the identity documents
 * (`kyc_submissions`, their `kyc_files` by cascade). The `users` row stays: the ledger and the transactions point at
 * it, and it holds no personal data since the closure.
 *
 * Batches of `batch` rows, oldest first, each in its own transaction; rows are taken FOR UPDATE SKIP LOCKED, so two
 * processes sweeping at once purge different rows and never wait on each other, and a row already purged is simply
 * no longer there (running it again does nothing). Due means `retain_until` passed by `now` (the app's clock) and by
 * the database's own clock, which the table's trigger checks: a host clock ahead never makes a batch fail. Returns
 * the number of accounts purged.
 */
export async function purgeClosedAccounts(
  db: Kysely<Database>,
  now: Date,
  batch = CLOSED_ACCOUNTS_PURGE_BATCH,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const done = await withTransaction(db, async (tx) => {
      const { rows } = await sql<{ user_id: string }>`
        WITH due AS (
          SELECT user_id FROM closed_accounts
           WHERE retain_until <= least(${now}::timestamptz, now())
           ORDER BY retain_until
           LIMIT ${batch}
             FOR UPDATE SKIP LOCKED)
        DELETE FROM closed_accounts c USING due WHERE c.user_id = due.user_id
        RETURNING c.user_id::text AS user_id`.execute(tx);
      if (rows.length > 0)
        await tx
          .deleteFrom('kyc_submissions')
          .where(
            'user_id',
            'in',
            rows.map((r) => r.user_id),
          )
          .execute();
      return rows.length;
    });
    purged += done;
    if (done < batch) return purged;
  }
}
