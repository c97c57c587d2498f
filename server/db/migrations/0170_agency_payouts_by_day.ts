import { sql, type Kysely } from 'kysely';

/**
 * The teller home's 'paid out today at this agency': withdrawals and cash pickups paid at one
 * agency within one local day. Without it the sum walked every row the agency ever had (the (agency_id, id)
 * indexes are per kind and ordered by id, not by payout time). Only paid rows are in it, and a row enters once,
 * when its status becomes validated or collected; its time never changes after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_agency_payouts_idx ON transactions (agency_id, validated_at)
            INCLUDE (amount) WHERE status IN ('validated', 'collected')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_agency_payouts_idx`.execute(db);
}
