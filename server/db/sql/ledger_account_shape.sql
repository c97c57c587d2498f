-- The rules on an account's fixed columns, checked when those columns are written and not at every balance
-- UPDATE: the currency is EUR or MAD; an owner exactly for a customer wallet; an agency exactly for an agency's
-- cash account. Refused as a CHECK would (SQLSTATE 23514, the same constraint names), for every writer.
-- AFTER INSERT OR UPDATE OF those columns: an UPDATE of the balance alone does not fire it.

CREATE OR REPLACE FUNCTION ledger_account_shape()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path FROM CURRENT
AS $$
  BEGIN
    IF NOT (NEW.currency IN ('EUR', 'MAD')) THEN
      RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_currency_check"'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_currency_check', TABLE = 'ledger_accounts';
    END IF;
    IF NOT ((NEW.kind = 'customer_wallet') = (NEW.owner_user_id IS NOT NULL)) THEN
      RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_owner_kind"'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_owner_kind', TABLE = 'ledger_accounts';
    END IF;
    IF NOT ((NEW.kind = 'agency_cash') = (NEW.agency_id IS NOT NULL)) THEN
      RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_agency_kind"'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_agency_kind', TABLE = 'ledger_accounts';
    END IF;
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS ledger_accounts_shape ON ledger_accounts;
CREATE TRIGGER ledger_accounts_shape
  AFTER INSERT OR UPDATE OF kind, currency, owner_user_id, agency_id ON ledger_accounts
  FOR EACH ROW
  EXECUTE FUNCTION ledger_account_shape();
