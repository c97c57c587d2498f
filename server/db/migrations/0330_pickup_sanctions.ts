import { sql, type Kysely } from 'kysely';

/**
 * Cash pickups screened against the sanctions lists: `pickups.sanctions_version` is the lists' version the pickup's
 * name (the name the ID must carry) was last screened against; at a reservation or a payout a pickup screened
 * against an older version is screened again first. The sender's `transfer_on_hold` notice is written by the
 * timeline's notification trigger (server/db/sql/notify_transaction_step.sql).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pickups ADD COLUMN sanctions_version bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pickups DROP COLUMN sanctions_version`.execute(db);
}
