/**
 * Earlier texts of ledger_post(), kept for bench/ledger-safeguards.ts, which prices a safeguard by putting back the
 * body that did without it. They were written by migrations 0002-0490, which no longer hold function text: the
 * current ledger_post() is server/db/sql/ledger_post.sql. Never applied outside a benchmark's scratch database.
 */
const quoted = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

/** Migration 0320's body: each account updated once, the UPDATE's WHERE carrying the checks. */
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

/** Migration 0002's body: a separate lock pass (SELECT ... FOR NO KEY UPDATE), then the updates. */
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

/** Migration 0480's body: the only writer (SECURITY DEFINER) checking that the entry balances, no fast path. */
export const ledgerPostOnlyWriter = (schema: string) => `
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
    BEGIN
      -- Every entry balances: what the statement trigger on postings checked, now checked by the only writer.
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

/** Migration 0490's body: the only writer with the transfer fast path, the floor from a list of kinds. */
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

/** Migration 0490's ledger_post_refusal(): the floor from its own list of kinds (before ledger_account_kinds). */
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
