-- Append-only tables: evidence is never edited.
--
-- The journal (ledger_entries, ledger_postings), the public-ledger records (chain_records), a published
-- proof-of-liabilities snapshot (its leaves, tree levels and safeguarding entries), the history of a pickup's
-- name, the sanctions reports and clearances: a row, once written, stays as written. A correction is a new row
-- (a reversing ledger entry, a new clearance). UPDATE and DELETE are refused row by row, TRUNCATE by statement
-- where a table could be emptied whole, all with SQLSTATE restrict_violation, for every role, the owner's manual
-- query included.

CREATE OR REPLACE FUNCTION ledger_reject_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
  END
$$;

DROP TRIGGER IF EXISTS chain_records_append_only ON chain_records;
CREATE TRIGGER chain_records_append_only
  BEFORE DELETE OR UPDATE ON chain_records
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS chain_records_no_truncate ON chain_records;
CREATE TRIGGER chain_records_no_truncate
  BEFORE TRUNCATE ON chain_records
  FOR EACH STATEMENT
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS ledger_entries_append_only ON ledger_entries;
CREATE TRIGGER ledger_entries_append_only
  BEFORE DELETE OR UPDATE ON ledger_entries
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS ledger_entries_no_truncate ON ledger_entries;
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS ledger_postings_append_only ON ledger_postings;
CREATE TRIGGER ledger_postings_append_only
  BEFORE DELETE OR UPDATE ON ledger_postings
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS ledger_postings_no_truncate ON ledger_postings;
CREATE TRIGGER ledger_postings_no_truncate
  BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS liabilities_leaves_append_only ON liabilities_leaves;
CREATE TRIGGER liabilities_leaves_append_only
  BEFORE DELETE OR UPDATE ON liabilities_leaves
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS liabilities_safeguarding_append_only ON liabilities_safeguarding;
CREATE TRIGGER liabilities_safeguarding_append_only
  BEFORE DELETE OR UPDATE ON liabilities_safeguarding
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS liabilities_tree_levels_append_only ON liabilities_tree_levels;
CREATE TRIGGER liabilities_tree_levels_append_only
  BEFORE DELETE OR UPDATE ON liabilities_tree_levels
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS pickup_name_changes_append_only ON pickup_name_changes;
CREATE TRIGGER pickup_name_changes_append_only
  BEFORE DELETE OR UPDATE ON pickup_name_changes
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS sanctions_clearances_append_only ON sanctions_clearances;
CREATE TRIGGER sanctions_clearances_append_only
  BEFORE DELETE OR UPDATE ON sanctions_clearances
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();

DROP TRIGGER IF EXISTS sanctions_reports_append_only ON sanctions_reports;
CREATE TRIGGER sanctions_reports_append_only
  BEFORE DELETE OR UPDATE ON sanctions_reports
  FOR EACH ROW
  EXECUTE FUNCTION ledger_reject_change();
