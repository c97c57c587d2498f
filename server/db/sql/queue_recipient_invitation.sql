-- A transfer that waits for someone without an account ('unclaimed', at its creation or when a hold is released
-- to them) queues, once, the invitation to the phone or e-mail it waits for (recipient_messages), and tells the
-- sender (transfer_invited). A status going back and forth never invites twice (one row per transfer and kind).
-- The same sender invites the same phone or e-mail at most once a week: the transfers of that week all wait for
-- the same sign-up, and one SMS announces them (eight sends are not eight messages to someone who never asked).

CREATE OR REPLACE FUNCTION queue_recipient_invitation()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  DECLARE
    v_name text;
    v_id bigint;
    v_invitee text;
  BEGIN
    IF TG_OP = 'UPDATE' AND OLD.status = 'unclaimed' THEN
      RETURN NULL;
    END IF;
    IF NEW.kind <> 'transfer' OR NEW.sender_user_id IS NULL
       OR (NEW.recipient_phone_number IS NULL AND NEW.recipient_email IS NULL) THEN
      RETURN NULL;
    END IF;
    v_invitee := coalesce(NEW.recipient_phone_number, NEW.recipient_email);
    IF EXISTS (SELECT 1 FROM recipient_messages m
                WHERE m.kind = 'invitation' AND m.sender_user_id = NEW.sender_user_id AND m.invitee = v_invitee
                  AND m.created_at > now() - interval '7 days') THEN
      RETURN NULL;
    END IF;
    INSERT INTO recipient_messages (transaction_id, kind, sender_user_id, invitee)
    VALUES (NEW.id, 'invitation', NEW.sender_user_id, v_invitee)
    ON CONFLICT DO NOTHING RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      RETURN NULL;
    END IF;
    SELECT trim(c.first_name || ' ' || c.last_name) INTO v_name FROM contacts c WHERE c.id = NEW.contact_id;
    PERFORM notify_user(NEW.sender_user_id, 'transfer_invited', NEW.id,
      jsonb_build_object('amount', NEW.amount::text, 'currency', NEW.currency,
                         'name', coalesce(nullif(v_name, ''), NEW.recipient_phone_number, NEW.recipient_email),
                         'transaction_kind', NEW.kind),
      true);
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS transactions_invite_recipient ON transactions;
CREATE TRIGGER transactions_invite_recipient
  AFTER INSERT OR UPDATE OF status ON transactions
  FOR EACH ROW
  WHEN (new.status = 'unclaimed'::text)
  EXECUTE FUNCTION queue_recipient_invitation();
