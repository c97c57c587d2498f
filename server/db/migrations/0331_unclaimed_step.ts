import { sql, type Kysely } from 'kysely';

/**
 * A timeline step `unclaimed`: a held send released by an operator to a recipient who has no account yet goes
 * `unclaimed`, and its timeline says so instead of stopping at `on_hold`. The step's CHECK gains the value here; the
 * update trigger that writes it is server/db/sql/transaction_events_on_update.sql.
 */
const checkName = 'transaction_events_status_check';

async function patchCheck(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const check = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'transaction_events'::regclass AND conname = ${checkName}`.execute(db);
  const constraint = check.rows[0]?.def ?? '';
  if (!constraint.includes(from)) throw new Error(`${checkName} has no "${from}"`);
  await sql
    .raw(
      `ALTER TABLE transaction_events DROP CONSTRAINT ${checkName}, ADD CONSTRAINT ${checkName} ${constraint.replace(from, to)}`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await patchCheck(db, "'on_hold'::text", "'on_hold'::text, 'unclaimed'::text");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM transaction_events WHERE status = 'unclaimed'`.execute(db);
  await patchCheck(db, "'on_hold'::text, 'unclaimed'::text", "'on_hold'::text");
}
