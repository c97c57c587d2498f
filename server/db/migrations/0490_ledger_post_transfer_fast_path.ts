import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';
import { ledgerPostOnlyWriter } from './0480_app_role_only_ledger_writer.ts';

/**
 * ledger_post() with a fast path for the common entry (issue 13 item 3, ADR 003 "The transfer fast path"): two
 * postings on two distinct accounts in one currency, the one amount the other's negation (a transfer, a send,
 * a deposit, a fee). Such an entry balances by construction, so the path skips what the general case needs to
 * prove it and to order its accounts: the GROUP BY over the arrays that checks the sums, the GROUP BY ... ORDER BY
 * cursor over them, and the postings' unnest. It runs three SQL statements instead of six:
 *   1. and 2. one UPDATE per account, the lower id first (the same lock order as every other entry, so no
 *      deadlock), each with the checks in its WHERE exactly as 0320/0480 (currency, the floor of the accounts
 *      that must not go below zero, decided on the locked, current row);
 *   3. the entry and its two postings in one INSERT statement (a data-modifying WITH), after the updates, so a
 *      refused transfer writes no row at all (the general path inserts the entry first and rolls it back).
 * Anything else (three postings or more, one account twice, two currencies, amounts that do not cancel, NULLs,
 * arrays of other lengths or bounds) takes the general path of 0480 unchanged, which refuses what must be refused.
 * When an UPDATE matches nothing, both paths ask ledger_post_refusal() why: it raises LG002-LG005 as before, or
 * returns when a credit committed meanwhile made the balance suffice (the caller then updates again).
 *
 * Stays SECURITY DEFINER with the fixed search_path of 0480 (the only writer of the journal); the helper is the
 * owner's only (it writes nothing, but nobody else needs it).
 */
const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

export const ledgerPostRefusal = (schema: string) => `
    CREATE OR REPLACE FUNCTION ledger_post_refusal(p_account bigint, p_currency text, p_currencies bigint,
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

export const ledgerPostFastPath = (schema: string) => `
    CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                p_accounts bigint[], p_currencies text[], p_amounts bigint[])
    RETURNS TABLE (entry_id bigint, account_id bigint, balance bigint) LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = ${quoted(schema)}, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
      r record;
      a record;
      v_entry bigint;
      v_balance bigint;
      v_count int := coalesce(cardinality(p_accounts), 0);
      v_first int;
      v_i int;
      v_first_balance bigint;
    BEGIN
      -- The fast path: two postings, two accounts, one currency, amounts that cancel (numeric: no overflow).
      -- Any NULL makes the condition NULL, i.e. false: the general path decides.
      IF v_count = 2 AND cardinality(p_currencies) = 2 AND cardinality(p_amounts) = 2
         AND p_accounts[1] <> p_accounts[2] AND p_currencies[1] = p_currencies[2]
         AND p_amounts[1]::numeric + p_amounts[2] = 0 THEN
        -- The lower account id first: the lock order of every entry.
        v_first := CASE WHEN p_accounts[1] < p_accounts[2] THEN 1 ELSE 2 END;
        FOR i IN 0..1 LOOP
          v_i := CASE WHEN i = 0 THEN v_first ELSE 3 - v_first END;
          LOOP
            UPDATE ledger_accounts x SET balance = x.balance + p_amounts[v_i]
             WHERE x.id = p_accounts[v_i] AND x.currency = p_currencies[1]
               AND (x.balance + p_amounts[v_i] >= 0
                    OR x.kind NOT IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers'))
            RETURNING x.balance INTO v_balance;
            EXIT WHEN FOUND;
            PERFORM ledger_post_refusal(p_accounts[v_i], p_currencies[1], 1,
                                        p_amounts[v_i], p_accounts);
          END LOOP;
          IF i = 0 THEN
            v_first_balance := v_balance;
          END IF;
        END LOOP;
        WITH e AS (
          INSERT INTO ledger_entries (kind, reference_type, reference_id, metadata)
          VALUES (p_kind, p_reference_type, p_reference_id, p_metadata) RETURNING id
        ), p AS (
          INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
          SELECT e.id, v.line, v.account, p_currencies[1], v.amount
            FROM e, (VALUES (1::smallint, p_accounts[1], p_amounts[1]),
                            (2::smallint, p_accounts[2], p_amounts[2])) AS v(line, account, amount)
        )
        SELECT e.id INTO v_entry FROM e;
        entry_id := v_entry;
        account_id := p_accounts[v_first];
        balance := v_first_balance;
        RETURN NEXT;
        account_id := p_accounts[3 - v_first];
        balance := v_balance;
        RETURN NEXT;
        RETURN;
      END IF;

      -- The general path (0480): every entry balances, checked by the only writer.
      IF v_count < 2 OR coalesce(cardinality(p_currencies), 0) <> v_count
         OR coalesce(cardinality(p_amounts), 0) <> v_count THEN
        RAISE EXCEPTION 'a ledger entry needs at least two postings, each with an account, a currency and an amount'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;
      SELECT u.currency, sum(u.amount) AS total INTO a
        FROM unnest(p_currencies, p_amounts) AS u(currency, amount)
       GROUP BY u.currency
      HAVING sum(u.amount) <> 0 OR count(u.amount) <> count(*)
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger entry does not balance in %: %', a.currency, a.total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;

      INSERT INTO ledger_entries (kind, reference_type, reference_id, metadata)
      VALUES (p_kind, p_reference_type, p_reference_id, p_metadata) RETURNING id INTO v_entry;
      FOR r IN
        SELECT p.account_id, sum(p.amount) AS delta, min(p.currency) AS currency,
               count(DISTINCT p.currency) AS currencies
          FROM unnest(p_accounts, p_currencies, p_amounts) AS p(account_id, currency, amount)
         GROUP BY p.account_id
         ORDER BY p.account_id
      LOOP
        LOOP
          UPDATE ledger_accounts x SET balance = x.balance + r.delta
           WHERE x.id = r.account_id AND x.currency = r.currency AND r.currencies = 1
             AND (x.balance + r.delta >= 0
                  OR x.kind NOT IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers'))
          RETURNING x.balance INTO v_balance;
          EXIT WHEN FOUND;
          PERFORM ledger_post_refusal(r.account_id, r.currency, r.currencies, r.delta, p_accounts);
        END LOOP;
        entry_id := v_entry;
        account_id := r.account_id;
        balance := v_balance;
        RETURN NEXT;
      END LOOP;
      INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
      SELECT v_entry, p.line, p.account_id, p.currency, p.amount
        FROM unnest(p_accounts, p_currencies, p_amounts) WITH ORDINALITY AS p(account_id, currency, amount, line);
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
  // CREATE OR REPLACE keeps the function's privileges (0480: the app's role and the owner only).
  await sql.raw(ledgerPostFastPath(schema)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPostOnlyWriter(await currentSchema(db))).execute(db);
  await sql.raw(`DROP FUNCTION ${refusalSignature}`).execute(db);
}
