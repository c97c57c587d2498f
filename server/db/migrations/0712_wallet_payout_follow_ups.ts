import { sql, type Kysely } from 'kysely';

/**
 * The follow-up of mobile wallet payouts whose callback is late: when the operator was last asked for a payout's
 * status (`followed_up_at`, on its request's outbox row, whose `done_at` is when the operator accepted it). The
 * worker's question starts from the payouts a partner has and has not answered (`submitted`: a few, however long
 * the history), by the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE wallet_payout_dispatches ADD COLUMN followed_up_at timestamptz`.execute(db);
  await sql`CREATE INDEX transactions_payouts_submitted_idx ON transactions (id)
            WHERE kind = 'payout' AND status = 'submitted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_payouts_submitted_idx`.execute(db);
  await sql`ALTER TABLE wallet_payout_dispatches DROP COLUMN IF EXISTS followed_up_at`.execute(db);
}
