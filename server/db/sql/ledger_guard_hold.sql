-- A hold moves once: from reserved to settled (the money paid out) or released (given back), and nothing else
-- about it ever changes. A hold is never deleted. Both refused with SQLSTATE restrict_violation.

CREATE OR REPLACE FUNCTION ledger_guard_hold()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'ledger_holds rows are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    IF OLD.status <> 'reserved' OR NEW.status = 'reserved'
       OR (NEW.id, NEW.wallet_account_id, NEW.currency, NEW.amount, NEW.reserve_entry_id, NEW.created_at)
          IS DISTINCT FROM
          (OLD.id, OLD.wallet_account_id, OLD.currency, OLD.amount, OLD.reserve_entry_id, OLD.created_at)
    THEN
      RAISE EXCEPTION 'hold % is % and cannot become %', OLD.id, OLD.status, NEW.status
        USING ERRCODE = 'restrict_violation', CONSTRAINT = 'ledger_hold_once';
    END IF;
    RETURN NEW;
  END
$$;

DROP TRIGGER IF EXISTS ledger_holds_guard ON ledger_holds;
CREATE TRIGGER ledger_holds_guard
  BEFORE DELETE OR UPDATE ON ledger_holds
  FOR EACH ROW
  EXECUTE FUNCTION ledger_guard_hold();
