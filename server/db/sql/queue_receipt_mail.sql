-- The receipt mail's outbox row when a payment completes after its creation: a transfer completed (a hold
-- released) or claimed, a cash pickup collected, an exchange completed. The payer (the sender; for an exchange,
-- the customer) gets it if they proved an e-mail address; one row per transaction, whatever path completed it.
-- A transaction created completed is queued by transactions_on_insert().

CREATE OR REPLACE FUNCTION queue_receipt_mail()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    INSERT INTO receipt_mails (transaction_id, user_id)
    SELECT NEW.id, u.id FROM users u
     WHERE u.id = CASE WHEN NEW.kind = 'exchange' THEN NEW.recipient_user_id ELSE NEW.sender_user_id END
       AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
    ON CONFLICT (transaction_id) DO NOTHING;
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS transactions_receipt_mail_update ON transactions;
CREATE TRIGGER transactions_receipt_mail_update
  AFTER UPDATE OF status ON transactions
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND (
    (NEW.kind = 'transfer' AND NEW.status IN ('completed', 'claimed'))
    OR (NEW.kind = 'pickup' AND NEW.status = 'collected')
    OR (NEW.kind = 'exchange' AND NEW.status = 'completed')))
  EXECUTE FUNCTION queue_receipt_mail();
