-- What a new transaction sets off, in its own database transaction, whoever inserts it (the services or
-- wallet_send()):
-- - its timeline's first steps: 'created', then the step the row starts in, if it is one (an 'on_hold' step
--   carries the reason the code set in the transaction-local setting wallet.event_reason);
-- - a send or a pickup joins the monitoring queue;
-- - a completed transfer or exchange queues its receipt mail to a payer with a confirmed e-mail.
-- One trigger, one PL/pgSQL call per insert. Its name keeps it firing before transactions_invite_recipient
-- (triggers of one event fire in name order).

CREATE OR REPLACE FUNCTION transactions_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  DECLARE
    v_step text := transaction_event_of(NEW.status);
  BEGIN
    -- The timeline: 'created', then the step the row starts in, if it is one.
    IF v_step IS NULL THEN
      INSERT INTO transaction_events (transaction_id, status, at) VALUES (NEW.id, 'created', NEW.created_at);
    ELSE
      INSERT INTO transaction_events (transaction_id, status, reason, at)
      VALUES (NEW.id, 'created', NULL, NEW.created_at),
             (NEW.id, v_step, CASE WHEN v_step = 'on_hold' THEN
                nullif(current_setting('wallet.event_reason', true), '') END, NEW.created_at);
    END IF;
    -- The monitoring pass's queue.
    IF NEW.kind IN ('transfer', 'pickup') THEN
      INSERT INTO monitoring_queue (transaction_id) VALUES (NEW.id);
    END IF;
    -- The receipt mail, as queue_receipt_mail() writes it on an UPDATE.
    IF NEW.status = 'completed' AND NEW.kind IN ('transfer', 'exchange') THEN
      INSERT INTO receipt_mails (transaction_id, user_id)
      SELECT NEW.id, u.id FROM users u
       WHERE u.id = CASE WHEN NEW.kind = 'exchange' THEN NEW.recipient_user_id ELSE NEW.sender_user_id END
         AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
      ON CONFLICT (transaction_id) DO NOTHING;
    END IF;
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS transactions_events_insert ON transactions;
CREATE TRIGGER transactions_events_insert
  AFTER INSERT ON transactions
  FOR EACH ROW
  EXECUTE FUNCTION transactions_on_insert();
