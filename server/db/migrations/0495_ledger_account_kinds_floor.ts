import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';

/**
 * One list of the account kinds and of which ones may not go below zero (ADR 003 "One list of floors").
 *
 * The floor lived in three places that had drifted apart: the CHECK ledger_accounts_non_negative (five kinds, as
 * 0130 and 0221 extended it), and ledger_post()'s UPDATE and ledger_post_refusal() (three kinds: pickups_pending and
 * compliance_hold were missing). An overdraft of those two was refused by the CHECK's bare 23514 instead of
 * ledger_post()'s LG005 (NegativePlatformBalanceError). Now:
 *   - ledger_account_kinds (kind, has_floor) is the list: one row per kind, the kind's floor beside it;
 *   - ledger_accounts.has_floor is the account's copy, filled from that list when the account is inserted (a
 *     BEFORE INSERT trigger: the app's INSERTs stay as they are) and tied to it by the foreign key
 *     (kind, has_floor) -> ledger_account_kinds, which also replaces the CHECK on the kind (an unknown kind has
 *     no row to reference). A foreign key is checked when a row is inserted or its key changes, not at every
 *     balance UPDATE as a CHECK is;
 *   - the CHECK ledger_accounts_non_negative (same name) becomes `NOT has_floor OR balance >= 0`, and
 *     ledger_post()'s WHERE and ledger_post_refusal() read the same has_floor (server/db/sql/ledger_post.sql).
 * Why it is also cheaper: PostgreSQL rebuilds every CHECK of a table from its stored node text for each statement
 * that writes the table; the two IN-lists were two thirds of ledger_accounts' (4.1 of 6.2 kB), read twice per
 * transfer.
 *
 * The app's role reads the list (its INSERTs fire the trigger) and writes nothing of it. A new kind is a row here
 * (a migration), no constraint to rewrite.
 */
const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

/** The kinds as of migration 0221, with their floors: the floors of the CHECK, which were the intended ones. */
export const accountKindFloors: readonly [string, boolean][] = [
  ['customer_wallet', true],
  ['card_clearing', false],
  ['fx', false],
  ['fees', false],
  ['subscription_revenue', false],
  ['withdrawals_pending', true],
  ['agency_cash', false],
  ['unclaimed_transfers', true],
  ['pickups_pending', true],
  ['compliance_hold', true],
];

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no current schema');
  return schema;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = await currentSchema(db);
  await sql`
    CREATE TABLE ledger_account_kinds (
      kind text PRIMARY KEY CHECK (kind ~ '^[a-z][a-z_]{0,62}$'),
      has_floor boolean NOT NULL,
      UNIQUE (kind, has_floor)
    )`.execute(db);
  for (const [kind, hasFloor] of accountKindFloors)
    await sql`INSERT INTO ledger_account_kinds (kind, has_floor) VALUES (${kind}, ${hasFloor})`.execute(db);
  // Default privileges gave the app's role every write on a new table: reading is all it needs.
  await sql
    .raw(
      `DO $$ BEGIN
      IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_account_kinds FROM ${APP_ROLE};
        GRANT SELECT ON ledger_account_kinds TO ${APP_ROLE};
      END IF;
    END $$`,
    )
    .execute(db);
  // The account's copy of its kind's floor. Filled on insert; the foreign key keeps it equal to the list's.
  await sql
    .raw(
      `
    CREATE FUNCTION ledger_account_has_floor() RETURNS trigger LANGUAGE plpgsql
    SET search_path = ${quoted(schema)}, pg_temp AS $$
    BEGIN
      -- An unknown kind gets false here and is then refused by the foreign key (no such kind).
      NEW.has_floor := coalesce((SELECT k.has_floor FROM ledger_account_kinds k WHERE k.kind = NEW.kind), false);
      RETURN NEW;
    END $$`,
    )
    .execute(db);
  await sql`ALTER TABLE ledger_accounts ADD COLUMN has_floor boolean`.execute(db);
  await sql`UPDATE ledger_accounts a SET has_floor = k.has_floor FROM ledger_account_kinds k WHERE k.kind = a.kind`.execute(
    db,
  );
  await sql`
    ALTER TABLE ledger_accounts
      ALTER COLUMN has_floor SET NOT NULL,
      DROP CONSTRAINT ledger_accounts_kind_check,
      DROP CONSTRAINT ledger_accounts_non_negative,
      ADD CONSTRAINT ledger_accounts_kind_fkey FOREIGN KEY (kind, has_floor)
        REFERENCES ledger_account_kinds (kind, has_floor),
      ADD CONSTRAINT ledger_accounts_non_negative CHECK (NOT has_floor OR balance >= 0)`.execute(db);
  // INSERT only: a BEFORE UPDATE row trigger would make every balance UPDATE fetch and lock its row first.
  await sql`CREATE TRIGGER ledger_accounts_has_floor BEFORE INSERT ON ledger_accounts
            FOR EACH ROW EXECUTE FUNCTION ledger_account_has_floor()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const list = (floor?: boolean) =>
    accountKindFloors
      .filter(([, f]) => floor === undefined || f === floor)
      .map(([k]) => `'${k}'`)
      .join(', ');
  await sql`DROP TRIGGER ledger_accounts_has_floor ON ledger_accounts`.execute(db);
  await sql
    .raw(
      `
    ALTER TABLE ledger_accounts
      DROP CONSTRAINT ledger_accounts_non_negative,
      DROP CONSTRAINT ledger_accounts_kind_fkey,
      DROP COLUMN has_floor,
      ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (${list()})),
      ADD CONSTRAINT ledger_accounts_non_negative CHECK (kind NOT IN (${list(true)}) OR balance >= 0)`,
    )
    .execute(db);
  await sql`DROP FUNCTION ledger_account_has_floor()`.execute(db);
  await sql`DROP TABLE ledger_account_kinds`.execute(db);
}
