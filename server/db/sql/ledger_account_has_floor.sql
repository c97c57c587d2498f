-- An account's copy of its kind's floor (ledger_accounts.has_floor), filled when the account is inserted, from the
-- list of kinds (ledger_account_kinds). The foreign key (kind, has_floor) keeps the copy equal to the list; an
-- unknown kind gets false here and is then refused by that key. INSERT only: a BEFORE UPDATE row trigger would
-- make every balance UPDATE fetch and lock its row first.

CREATE OR REPLACE FUNCTION ledger_account_has_floor()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path FROM CURRENT
AS $$
  BEGIN
    -- An unknown kind gets false here and is then refused by the foreign key (no such kind).
    NEW.has_floor := coalesce((SELECT k.has_floor FROM ledger_account_kinds k WHERE k.kind = NEW.kind), false);
    RETURN NEW;
  END
$$;

DROP TRIGGER IF EXISTS ledger_accounts_has_floor ON ledger_accounts;
CREATE TRIGGER ledger_accounts_has_floor
  BEFORE INSERT ON ledger_accounts
  FOR EACH ROW
  EXECUTE FUNCTION ledger_account_has_floor();
