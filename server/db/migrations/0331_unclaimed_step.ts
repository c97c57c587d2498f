import { sql, type Kysely } from 'kysely';

/**
 * A timeline step `unclaimed` (issue 16): a held send released by an operator to a recipient who has no account
 * yet goes `unclaimed` (waiting for their registration, as any such send); its timeline stopped at `on_hold`, so the
 * sender read 'Under review' on a transfer that was no longer under review. The update trigger of migration 0180 now
 * writes `unclaimed` when a transaction becomes unclaimed after its creation; a send created unclaimed keeps its one
 * `created` step (its screen says it waits for the recipient). Patched in place from the current definitions.
 */
const fn = 'transaction_events_on_update()';
const stepOf = 'v_step := transaction_event_of(NEW.status);';
const stepOrUnclaimed =
  "v_step := coalesce(transaction_event_of(NEW.status), CASE WHEN NEW.status = 'unclaimed' THEN 'unclaimed' END);";
const checkName = 'transaction_events_status_check';

async function patch(db: Kysely<unknown>, from: string, to: string, constraintFrom: string, constraintTo: string) {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${fn}::regprocedure) AS def`.execute(db);
  const def = rows[0]?.def ?? '';
  if (!def.includes(from)) throw new Error(`${fn} has no "${from}": cannot patch it`);
  const check = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'transaction_events'::regclass AND conname = ${checkName}`.execute(db);
  const constraint = check.rows[0]?.def ?? '';
  if (!constraint.includes(constraintFrom)) throw new Error(`${checkName} has no "${constraintFrom}"`);
  await sql
    .raw(
      `ALTER TABLE transaction_events DROP CONSTRAINT ${checkName}, ADD CONSTRAINT ${checkName} ${constraint.replace(constraintFrom, constraintTo)}`,
    )
    .execute(db);
  await sql.raw(def.replace(from, to)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await patch(db, stepOf, stepOrUnclaimed, "'on_hold'::text", "'on_hold'::text, 'unclaimed'::text");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM transaction_events WHERE status = 'unclaimed'`.execute(db);
  await patch(db, stepOrUnclaimed, stepOf, "'on_hold'::text, 'unclaimed'::text", "'on_hold'::text");
}
