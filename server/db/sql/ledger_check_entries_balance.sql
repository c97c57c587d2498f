-- Every ledger entry balances per currency: the statement-level check that ran after each INSERT of postings.
--
-- No trigger runs it any more: ledger_post() (ledger_post.sql), the only writer of the journal, refuses an entry
-- that does not balance before writing it. It is kept for bench/ledger-safeguards.ts, which prices the trigger
-- against the only writer by putting the trigger back on a scratch database. Each touched entry is summed by an
-- index range scan of its own postings (entry_id leads the primary key), whatever the journal's size.

CREATE OR REPLACE FUNCTION ledger_check_entries_balance()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  DECLARE
    v_entry bigint;
    broken record;
  BEGIN
    FOR v_entry IN SELECT DISTINCT n.entry_id FROM new_postings n LOOP
      SELECT p.currency, sum(p.amount) AS total INTO broken
        FROM ledger_postings p
       WHERE p.entry_id = v_entry
       GROUP BY p.currency
      HAVING sum(p.amount) <> 0
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger entry % does not balance in %: %', v_entry, broken.currency, broken.total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;
    END LOOP;
    RETURN NULL;
  END
$$;
