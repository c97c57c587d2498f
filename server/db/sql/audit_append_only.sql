-- The audit trail is append-only: what an operator or the system did is never edited nor removed, by anyone.
-- UPDATE, DELETE and TRUNCATE of `audit` are refused (SQLSTATE insufficient_privilege).

CREATE OR REPLACE FUNCTION audit_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    RAISE EXCEPTION 'audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
$$;

DROP TRIGGER IF EXISTS audit_no_update_delete ON audit;
CREATE TRIGGER audit_no_update_delete
  BEFORE DELETE OR UPDATE ON audit
  FOR EACH ROW
  EXECUTE FUNCTION audit_append_only();

DROP TRIGGER IF EXISTS audit_no_truncate ON audit;
CREATE TRIGGER audit_no_truncate
  BEFORE TRUNCATE ON audit
  FOR EACH STATEMENT
  EXECUTE FUNCTION audit_append_only();
