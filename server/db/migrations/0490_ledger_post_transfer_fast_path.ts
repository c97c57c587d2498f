import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';

/**
 * ledger_post() with a fast path for the common entry: two postings on two distinct accounts in one currency, the
 * one amount the other's negation (a transfer, a send, a deposit, a fee), which balances by construction and skips
 * what the general case needs to prove it (server/db/sql/ledger_post.sql). Both paths ask ledger_post_refusal() why
 * an UPDATE matched nothing: created here in its first version (its current text is in ledger_post.sql too), and
 * the owner's only (it writes nothing, but nobody else needs it).
 */
const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

const ledgerPostRefusal = (schema: string) => `
    CREATE FUNCTION ledger_post_refusal(p_account bigint, p_currency text, p_currencies bigint,
                                                   p_delta numeric, p_accounts bigint[])
    RETURNS void LANGUAGE plpgsql SET search_path = ${quoted(schema)}, pg_temp AS $$
    DECLARE
      a record;
    BEGIN
      -- Why the UPDATE matched nothing: read the row as it is now.
      SELECT x.id, x.kind, x.currency, x.balance + p_delta AS after INTO a
        FROM ledger_accounts x WHERE x.id = p_account;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LG002', DETAIL = (
          SELECT string_agg(y::text, ',') FROM unnest(p_accounts) AS y
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts z WHERE z.id = y));
      END IF;
      IF p_currencies > 1 OR a.currency <> p_currency THEN
        RAISE EXCEPTION 'account % holds %', a.id, a.currency
          USING ERRCODE = 'LG003', DETAIL = concat_ws(',', a.id, a.currency, p_currency);
      END IF;
      IF a.after < 0 AND a.kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') THEN
        RAISE EXCEPTION 'account % would go below zero', a.id
          USING ERRCODE = CASE WHEN a.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = a.id::text;
      END IF;
      -- A credit committed between the UPDATE and this read: the balance suffices now; the caller updates again.
    END $$`;

const refusalSignature = 'ledger_post_refusal(bigint, text, bigint, numeric, bigint[])';

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no current schema');
  return schema;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = await currentSchema(db);
  await sql.raw(ledgerPostRefusal(schema)).execute(db);
  // The owner's only (ledger_post() runs as the owner); default privileges would give it to the app's role.
  await sql.raw(`REVOKE ALL ON FUNCTION ${refusalSignature} FROM PUBLIC`).execute(db);
  await sql.raw(`DO $$ BEGIN
      IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        REVOKE ALL ON FUNCTION ${refusalSignature} FROM ${APP_ROLE};
      END IF;
    END $$`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP FUNCTION ${refusalSignature}`).execute(db);
}
