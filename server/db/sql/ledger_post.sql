-- ledger_post(): the only way to write the journal. One call writes one entry and all its postings, and moves
-- the balances, in the caller's transaction.
--
-- The rules it enforces, for every caller:
-- - An entry has at least two postings, each with an account, a currency and an amount, and sums to zero in each
--   currency (SQLSTATE 23514, constraint name ledger_entry_balanced).
-- - A posting is in its account's currency (LG003); the account exists (LG002).
-- - An account whose kind has a floor (customer wallets, pending withdrawals, unclaimed transfers, pickups
--   pending, compliance hold: ledger_account_kinds.has_floor) never goes below zero: LG004 for a customer's wallet
--   ("Not enough funds"), LG005 for a platform account. The check is in the UPDATE's WHERE, so it is decided on
--   the current, locked balance.
-- - Accounts are updated in ascending id order, so two entries over the same accounts queue instead of
--   deadlocking. The UPDATE's own row lock is the lock: each account row is written once.
--
-- It runs as its owner (SECURITY DEFINER), the only role that may write ledger_entries and ledger_postings; the
-- app's role may only call it. Its search_path is fixed (the schema, then pg_temp), so a caller cannot make it
-- write tables of the caller's choosing. journal.ts turns the LG codes into typed errors.
--
-- The common entry (two postings, two accounts, one currency, amounts that cancel: a transfer, a deposit, a fee)
-- takes a fast path: it balances by construction, so three statements instead of six. Anything else takes the
-- general path, which proves the balance first.
--
-- ledger_post_refusal() says why an UPDATE matched nothing: it raises the error, or returns when a credit that
-- committed meanwhile made the balance suffice (the caller then updates again).

CREATE OR REPLACE FUNCTION ledger_post_refusal(p_account bigint, p_currency text, p_currencies bigint,
                                               p_delta numeric, p_accounts bigint[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path FROM CURRENT
AS $$
  DECLARE
    a record;
  BEGIN
    -- Why the UPDATE matched nothing: read the row as it is now.
    SELECT x.id, x.kind, x.currency, x.has_floor, x.balance + p_delta AS after INTO a
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
    IF a.after < 0 AND a.has_floor THEN
      RAISE EXCEPTION 'account % would go below zero', a.id
        USING ERRCODE = CASE WHEN a.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = a.id::text;
    END IF;
    -- A credit committed between the UPDATE and this read: the balance suffices now; the caller updates again.
  END
$$;

CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                       p_accounts bigint[], p_currencies text[], p_amounts bigint[])
 RETURNS TABLE(entry_id bigint, account_id bigint, balance bigint)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path FROM CURRENT
AS $$
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
                  OR NOT x.has_floor)
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

    -- The general path: every entry balances, checked by the only writer.
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
                OR NOT x.has_floor)
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
  END
$$;

-- Only the app's role (and the owner) may call ledger_post(); ledger_post_refusal() is the owner's alone.
REVOKE ALL ON FUNCTION ledger_post(text, text, text, jsonb, bigint[], text[], bigint[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(text, text, text, jsonb, bigint[], text[], bigint[]) TO wallet_app;
REVOKE ALL ON FUNCTION ledger_post_refusal(bigint, text, bigint, numeric, bigint[]) FROM PUBLIC, wallet_app;
