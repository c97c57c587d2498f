import { sql, type Kysely } from 'kysely';

/**
 * The rules on an account's fixed columns checked when those columns are written, not at every balance UPDATE
 * (ADR 003 "What the CHECKs of ledger_accounts cost").
 *
 * Three CHECKs of ledger_accounts are about columns no balance UPDATE touches: the currency is EUR or MAD, an owner
 * exactly for a customer wallet, an agency exactly for an agency's cash account. PostgreSQL rebuilds every CHECK of
 * a table for each statement that writes it, so the two balance UPDATEs of every transfer paid for all three:
 * about a tenth of ledger_post()'s database CPU (bench/ledger-safeguards.ts). They become one row trigger fired
 * AFTER INSERT OR UPDATE OF kind, currency, owner_user_id, agency_id: a statement that sets only the balance does not
 * fire it (an AFTER trigger costs such a statement a column test; ledger_accounts already has AFTER UPDATE triggers,
 * the foreign keys that reference it). Not BEFORE UPDATE: a BEFORE UPDATE row trigger makes every UPDATE fetch and
 * lock its row first, whichever columns it names. The refusals keep the CHECKs' SQLSTATE (23514) and constraint
 * names, for every writer, the owner's manual query included.
 */
const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

const rules = [
  ['ledger_accounts_currency_check', "currency IN ('EUR', 'MAD')"],
  ['ledger_accounts_owner_kind', "(kind = 'customer_wallet') = (owner_user_id IS NOT NULL)"],
  ['ledger_accounts_agency_kind', "(kind = 'agency_cash') = (agency_id IS NOT NULL)"],
] as const;

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no current schema');
  return schema;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As a CHECK: refused when the rule is false, not when it is NULL (IF NOT NULL does not raise).
  const checks = rules
    .map(
      ([name, rule]) => `
      IF NOT (${rule.replace(/\b(kind|currency|owner_user_id|agency_id)\b/g, 'NEW.$1')}) THEN
        RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "${name}"'
          USING ERRCODE = 'check_violation', CONSTRAINT = '${name}', TABLE = 'ledger_accounts';
      END IF;`,
    )
    .join('');
  await sql
    .raw(
      `
    CREATE FUNCTION ledger_account_shape() RETURNS trigger LANGUAGE plpgsql
    SET search_path = ${quoted(await currentSchema(db))}, pg_temp AS $$
    BEGIN${checks}
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER ledger_accounts_shape AFTER INSERT OR UPDATE OF kind, currency, owner_user_id, agency_id
            ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_account_shape()`.execute(db);
  await sql
    .raw(`ALTER TABLE ledger_accounts ${rules.map(([name]) => `DROP CONSTRAINT ${name}`).join(', ')}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE ledger_accounts ${rules.map(([name, rule]) => `ADD CONSTRAINT ${name} CHECK (${rule})`).join(', ')}`,
    )
    .execute(db);
  await sql`DROP TRIGGER ledger_accounts_shape ON ledger_accounts`.execute(db);
  await sql`DROP FUNCTION ledger_account_shape()`.execute(db);
}
