import { sql, type Kysely } from 'kysely';

/**
 * Cash pickups screened against the sanctions lists (issue 16).
 *
 * - `pickups.sanctions_version`: the lists' version the pickup's name (the name the ID must carry) was last screened
 *   against; at a reservation or a payout a pickup screened against an older version is screened again first.
 * - The sender is told `transfer_on_hold` when a transfer or a pickup goes `on_hold`, by the timeline's notification
 *   trigger (migration 0240) like every other step, so the notice is written in the very transaction that holds the
 *   money, whichever code holds it, exactly once. The wording says only that it is being checked (tipping-off).
 *   A pickup held at its creation has no pickups row yet when its step is written: the contact's name stands in.
 * Both functions are patched in place from their current definition, so other migrations' changes to them are kept.
 */
const signature = 'notify_transaction_step()';

async function patchFunction(db: Kysely<unknown>, from: string[], to: string[]): Promise<void> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${signature}::regprocedure) AS def`.execute(db);
  let def = rows[0]?.def ?? '';
  from.forEach((text, i) => {
    if (!def.includes(text)) throw new Error(`${signature} has no "${text}": cannot patch it`);
    def = def.replace(text, to[i] ?? text);
  });
  await sql.raw(def).execute(db);
}

const steps = `'cancelled', 'refunded', 'expired') THEN`;
const stepsWithHold = `'cancelled', 'refunded', 'expired', 'on_hold') THEN`;
const kinds = `WHEN 'refunded' THEN 'transfer_refunded'`;
const kindsWithHold = `WHEN 'refunded' THEN 'transfer_refunded'
          WHEN 'on_hold' THEN 'transfer_on_hold'`;
const pickupName = `SELECT trim(p.recipient_first_name || ' ' || p.recipient_last_name) INTO v_name
          FROM pickups p WHERE p.transaction_id = t.id;`;
const pickupOrContactName = `SELECT coalesce(
            (SELECT trim(p.recipient_first_name || ' ' || p.recipient_last_name) FROM pickups p WHERE p.transaction_id = t.id),
            (SELECT trim(c.first_name || ' ' || c.last_name) FROM contacts c WHERE c.id = t.contact_id)) INTO v_name;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pickups ADD COLUMN sanctions_version bigint`.execute(db);
  await patchFunction(db, [steps, kinds, pickupName], [stepsWithHold, kindsWithHold, pickupOrContactName]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await patchFunction(db, [stepsWithHold, kindsWithHold, pickupOrContactName], [steps, kinds, pickupName]);
  await sql`ALTER TABLE pickups DROP COLUMN sanctions_version`.execute(db);
}
