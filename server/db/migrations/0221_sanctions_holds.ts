import { sql, type Kysely } from 'kysely';

/**
 * Sanctions holds: a hit never lets money reach the person.
 *
 * - Ledger: a platform account `compliance_hold` (MAD, never below zero). A send or cash pickup to a recipient
 *   under review is one balanced entry wallet -> compliance_hold; the operator's approval moves it on to where it
 *   would have gone (the recipient's wallet, unclaimed transfers, pickups pending); a rejection leaves it there.
 * - `transactions.status` gains `on_hold` (a transfer or a pickup); its timeline step is written by the timeline's
 *   triggers with the reason code the code sets in `wallet.event_reason`.
 * - Screening state, per recipient (`contacts`) and per customer (`users`): the lists' version it was last screened
 *   against, the hit found then (the matches, or null), when a hit was confirmed. `users.frozen_by_review`: the
 *   review whose customer hit froze the account (its approval lifts that freeze, never an operator's own).
 * - `sanctions_reports`: one row per confirmed hit (the operator's rejection), kept for the authorities.
 * wallet_send() answers 'slow' for a recipient screened against another version of the lists or under a hit, so
 * the service screens it (server/db/sql/wallet_send.sql).
 */

/** Rewrites a CHECK constraint from its current definition (so other migrations' changes to it are kept). */
async function patchConstraint(db: Kysely<unknown>, table: string, name: string, from: string[], to: string[]) {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = ${table}::regclass AND conname = ${name}`.execute(db);
  let def = rows[0]?.def;
  if (def === undefined) throw new Error(`no constraint ${name} on ${table}`);
  from.forEach((text, i) => {
    if (!def?.includes(text)) throw new Error(`${name} has no "${text}": cannot patch it`);
    def = def.replace(text, to[i] ?? text);
  });
  await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${name}, ADD CONSTRAINT ${name} ${def}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of ['ledger_accounts_kind_check', 'ledger_accounts_non_negative'])
    await patchConstraint(
      db,
      'ledger_accounts',
      c,
      ["'pickups_pending'::text"],
      ["'pickups_pending'::text, 'compliance_hold'::text"],
    );
  await sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('compliance_hold', 'MAD')
            ON CONFLICT (kind, currency) WHERE kind NOT IN ('customer_wallet', 'agency_cash') DO NOTHING`.execute(db);

  // on_hold goes next to an element every version of each list has (migration 0211 appends 'refunded').
  await patchConstraint(
    db,
    'transactions',
    'transactions_status_check',
    ["'collected'::text"],
    ["'collected'::text, 'on_hold'::text"],
  );
  await patchConstraint(
    db,
    'transactions',
    'transactions_kind_status',
    [
      "'claimed'::text, 'cancelled'::text",
      "'available'::text, 'collected'::text",
    ],
    [
      "'claimed'::text, 'on_hold'::text, 'cancelled'::text",
      "'available'::text, 'on_hold'::text, 'collected'::text",
    ],
  );
  // A send held before its recipient registered has no recipient yet.
  await patchConstraint(
    db,
    'transactions',
    'transactions_parties',
    ["ARRAY['unclaimed'::text, 'cancelled'::text"],
    ["ARRAY['unclaimed'::text, 'on_hold'::text, 'cancelled'::text"],
  );
  await sql`CREATE INDEX transactions_on_hold_idx ON transactions (id) WHERE status = 'on_hold'`.execute(db);

  await sql`ALTER TABLE contacts
    ADD COLUMN sanctions_version bigint,
    ADD COLUMN sanctions_hit jsonb,
    ADD COLUMN sanctions_cleared text[] NOT NULL DEFAULT '{}',
    ADD COLUMN sanctions_confirmed_at timestamptz`.execute(db);
  await sql`ALTER TABLE users
    ADD COLUMN sanctions_version bigint,
    ADD COLUMN sanctions_cleared text[] NOT NULL DEFAULT '{}',
    ADD COLUMN frozen_by_review bigint REFERENCES reviews (id)`.execute(db);

  await sql`
    CREATE TABLE sanctions_reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      review_id bigint NOT NULL UNIQUE REFERENCES reviews (id),
      subject text NOT NULL,
      user_id bigint REFERENCES users (id),
      contact_id bigint REFERENCES contacts (id),
      transaction_id bigint REFERENCES transactions (id),
      screened_name text NOT NULL,
      matches jsonb NOT NULL,
      amount bigint,
      decided_by bigint NOT NULL REFERENCES users (id),
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE TRIGGER sanctions_reports_append_only BEFORE UPDATE OR DELETE ON sanctions_reports
            FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sanctions_reports`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN sanctions_version, DROP COLUMN sanctions_cleared, DROP COLUMN frozen_by_review`.execute(
    db,
  );
  await sql`ALTER TABLE contacts DROP COLUMN sanctions_version, DROP COLUMN sanctions_hit, DROP COLUMN sanctions_cleared,
            DROP COLUMN sanctions_confirmed_at`.execute(db);
  await sql`DROP INDEX transactions_on_hold_idx`.execute(db);
}
