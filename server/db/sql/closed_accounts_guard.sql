-- What anti-money-laundering law requires to keep of a closed account (closed_accounts) is kept as written and
-- for its whole retention: an UPDATE is refused, a DELETE before retain_until is refused (SQLSTATE
-- check_violation). Purging after it is an operator's job.

CREATE OR REPLACE FUNCTION closed_accounts_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      RAISE EXCEPTION 'closed_accounts rows are kept as written' USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.retain_until > now() THEN
      RAISE EXCEPTION 'closed_accounts row % is kept until %', OLD.user_id, OLD.retain_until
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END
$$;

DROP TRIGGER IF EXISTS closed_accounts_guard ON closed_accounts;
CREATE TRIGGER closed_accounts_guard
  BEFORE DELETE OR UPDATE ON closed_accounts
  FOR EACH ROW
  EXECUTE FUNCTION closed_accounts_guard();
