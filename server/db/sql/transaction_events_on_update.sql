-- A transaction's later steps, written when its status changes or it is anchored: the step its new status records
-- (a cancel whose closing entry is an operator's refund reads 'refunded'; an 'on_hold' step carries the reason of
-- wallet.event_reason; becoming 'unclaimed' after its creation, a held send released to someone without an
-- account, reads 'unclaimed'), and 'anchored' with the public-ledger id. The WHEN keeps every other UPDATE (a
-- teller's reservation) free of any call.

CREATE OR REPLACE FUNCTION transaction_events_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  DECLARE
    v_step text;
    v_reason text;
  BEGIN
    IF OLD.status IS DISTINCT FROM NEW.status THEN
      v_step := coalesce(transaction_event_of(NEW.status), CASE WHEN NEW.status = 'unclaimed' THEN 'unclaimed' END);
      IF v_step = 'cancelled' AND NEW.final_entry_id IS NOT NULL AND EXISTS (
           SELECT 1 FROM ledger_entries WHERE id = NEW.final_entry_id AND metadata->>'reason' = 'refund') THEN
        v_step := 'refunded';
      ELSIF v_step = 'on_hold' THEN
        v_reason := nullif(current_setting('wallet.event_reason', true), '');
      END IF;
      IF v_step IS NOT NULL THEN
        INSERT INTO transaction_events (transaction_id, status, reason) VALUES (NEW.id, v_step, v_reason);
      END IF;
    END IF;
    IF OLD.tx_id IS NULL AND NEW.tx_id IS NOT NULL THEN
      INSERT INTO transaction_events (transaction_id, status, tx_id) VALUES (NEW.id, 'anchored', NEW.tx_id);
    END IF;
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS transactions_events_update ON transactions;
CREATE TRIGGER transactions_events_update
  AFTER UPDATE OF status, tx_id ON transactions
  FOR EACH ROW
  WHEN (old.status IS DISTINCT FROM new.status OR old.tx_id IS NULL AND new.tx_id IS NOT NULL)
  EXECUTE FUNCTION transaction_events_on_update();
