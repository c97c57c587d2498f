import { sql, type Kysely } from 'kysely';

/**
 * ledger_post() without its separate lock pass (issue 13). 0002 locked the touched accounts with
 * `SELECT ... ORDER BY id FOR NO KEY UPDATE`, checked them, then updated them: every account row was written twice
 * (the lock marks the tuple and logs it, then the UPDATE writes the new version). Now each account is updated once,
 * in ascending id order, by an UPDATE whose WHERE carries the checks (currency, and the floor of the accounts that
 * must not go below zero): the UPDATE's own row lock is the lock, so two entries over the same accounts still queue
 * in the same order and cannot deadlock, and under READ COMMITTED a WHERE is re-evaluated on the newest version of
 * a row it waited for, so an overdraft is still decided on the current, locked balance. Only when the UPDATE finds
 * nothing does a second read say why, raising the same SQLSTATEs as before (LG002-LG005, post() maps them). The
 * entry row is inserted first and the postings after the updates, so their foreign-key checks find the rows
 * already locked by this transaction. Same guarantees, same answers; measured with pgbench calling both versions,
 * interleaved in one run (ADR 003).
 */
export const ledgerPostLockByUpdate = `
    CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                p_accounts bigint[], p_currencies text[], p_amounts bigint[])
    RETURNS TABLE (entry_id bigint, account_id bigint, balance bigint) LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      r record;
      a record;
      v_entry bigint;
      v_balance bigint;
    BEGIN
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
          -- Why not: read the row as it is now.
          SELECT x.id, x.kind, x.currency, x.balance + r.delta AS after INTO a
            FROM ledger_accounts x WHERE x.id = r.account_id;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LG002', DETAIL = (
              SELECT string_agg(y::text, ',') FROM unnest(p_accounts) AS y
               WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts z WHERE z.id = y));
          END IF;
          IF r.currencies > 1 OR a.currency <> r.currency THEN
            RAISE EXCEPTION 'account % holds %', a.id, a.currency
              USING ERRCODE = 'LG003', DETAIL = concat_ws(',', a.id, a.currency, r.currency);
          END IF;
          IF a.after < 0 AND a.kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') THEN
            RAISE EXCEPTION 'account % would go below zero', a.id
              USING ERRCODE = CASE WHEN a.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = a.id::text;
          END IF;
          -- A credit committed between the UPDATE and this read: the balance suffices now, update again.
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPostLockByUpdate).execute(db);
}

/**
 * 0002's body, for down() and for bench/ledger-safeguards.ts, which prices the lock pass by swapping the two bodies.
 */
export const ledgerPostWithLockPass = `
    CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                p_accounts bigint[], p_currencies text[], p_amounts bigint[])
    RETURNS TABLE (entry_id bigint, account_id bigint, balance bigint) LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      r record;
      v_locked int := 0;
      v_wanted int;
      v_entry bigint;
    BEGIN
      SELECT count(DISTINCT x) INTO v_wanted FROM unnest(p_accounts) AS x;
      -- ORDER BY is applied before the row locks, so every transaction locks accounts in ascending id order.
      FOR r IN
        SELECT a.id, a.kind, a.currency, a.balance + d.delta AS after, d.currency AS posted, d.currencies
          FROM ledger_accounts a
          JOIN (SELECT p.account_id, sum(p.amount) AS delta, min(p.currency) AS currency,
                       count(DISTINCT p.currency) AS currencies
                  FROM unnest(p_accounts, p_currencies, p_amounts) AS p(account_id, currency, amount)
                 GROUP BY p.account_id) d ON d.account_id = a.id
         ORDER BY a.id
           FOR NO KEY UPDATE OF a
      LOOP
        v_locked := v_locked + 1;
        IF r.currencies > 1 OR r.currency <> r.posted THEN
          RAISE EXCEPTION 'account % holds %', r.id, r.currency
            USING ERRCODE = 'LG003', DETAIL = concat_ws(',', r.id, r.currency, r.posted);
        END IF;
        IF r.after < 0 AND r.kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') THEN
          RAISE EXCEPTION 'account % would go below zero', r.id
            USING ERRCODE = CASE WHEN r.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = r.id::text;
        END IF;
      END LOOP;
      IF v_locked <> v_wanted THEN
        RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LG002', DETAIL = (
          SELECT string_agg(x::text, ',') FROM unnest(p_accounts) AS x
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x));
      END IF;

      INSERT INTO ledger_entries (kind, reference_type, reference_id, metadata)
      VALUES (p_kind, p_reference_type, p_reference_id, p_metadata) RETURNING id INTO v_entry;
      INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
      SELECT v_entry, p.line, p.account_id, p.currency, p.amount
        FROM unnest(p_accounts, p_currencies, p_amounts) WITH ORDINALITY AS p(account_id, currency, amount, line);
      RETURN QUERY
        UPDATE ledger_accounts a SET balance = a.balance + d.delta
          FROM (SELECT p.account_id, sum(p.amount) AS delta
                  FROM unnest(p_accounts, p_amounts) AS p(account_id, amount) GROUP BY p.account_id) d
         WHERE a.id = d.account_id
        RETURNING v_entry, a.id, a.balance;
    END $$`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPostWithLockPass).execute(db);
}
