-- The notices of a transaction's steps, written with the step, so a notice is never lost when the money moved and
-- never written twice when a retry rolled the first attempt back:
--   received, claimed -> the recipient: money_received (a transfer between users);
--   paid_out -> the withdrawal's owner; collected -> the pickup's sender; cancelled, refunded, expired, on_hold ->
--   the sender (transfer_cancelled, transfer_refunded, transfer_expired, transfer_on_hold).
-- A mobile wallet payout (kind payout, payouts.method mobile_wallet) tells its sender in its own words: received ->
--   payout_completed (credited to the wallet), refunded -> payout_returned with the operator's `reason`; held for
--   a review or refused by it (refunded without an operator's reason), the words of any held send.
-- The parameters: the amount, its currency, the other party's name (the sender's for money received, the
-- pickup's recipient, else the contact, or the phone or e-mail the money waits for), the transaction's kind. An
-- exchange notifies nothing. The on-hold notice says only that the transfer is being checked (no tipping-off).
-- The trigger's WHEN lists the same steps as the function: a step added to one is added to the other.

CREATE OR REPLACE FUNCTION notify_transaction_step()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  DECLARE
    t transactions%ROWTYPE;
    v_name text;
    v_params jsonb;
    v_wallet_reason text;
    v_wallet boolean := false;
  BEGIN
    IF NEW.status NOT IN ('received', 'claimed', 'paid_out', 'collected', 'cancelled', 'refunded', 'expired',
                          'on_hold') THEN
      RETURN NULL;
    END IF;
    SELECT * INTO t FROM transactions WHERE id = NEW.transaction_id;
    IF NOT FOUND OR t.kind = 'exchange' THEN
      RETURN NULL;
    END IF;
    IF t.kind = 'payout' THEN
      SELECT true, p.reason INTO v_wallet, v_wallet_reason
        FROM payouts p WHERE p.transaction_id = t.id AND p.method = 'mobile_wallet';
      v_wallet := coalesce(v_wallet, false);
      -- Held for a review, or refused by it (refunded with no operator's reason): the words of any held send.
      IF v_wallet AND (NEW.status = 'on_hold' OR (NEW.status = 'refunded' AND v_wallet_reason IS NULL)) THEN
        v_wallet := false;
      END IF;
    END IF;
    IF NEW.status IN ('received', 'claimed') AND NOT v_wallet THEN
      IF t.kind <> 'transfer' OR t.recipient_user_id IS NULL OR t.sender_user_id IS NULL THEN
        RETURN NULL;
      END IF;
      SELECT trim(u.first_name || ' ' || u.last_name) INTO v_name FROM users u WHERE u.id = t.sender_user_id;
    ELSIF t.sender_user_id IS NULL THEN
      RETURN NULL;
    ELSIF t.kind = 'pickup' THEN
      SELECT coalesce(
          (SELECT trim(p.recipient_first_name || ' ' || p.recipient_last_name)
             FROM pickups p WHERE p.transaction_id = t.id),
          (SELECT trim(c.first_name || ' ' || c.last_name) FROM contacts c WHERE c.id = t.contact_id)) INTO v_name;
    ELSE
      SELECT trim(c.first_name || ' ' || c.last_name) INTO v_name FROM contacts c WHERE c.id = t.contact_id;
      v_name := coalesce(nullif(v_name, ''), t.recipient_email, t.recipient_phone_number);
    END IF;
    v_params := jsonb_build_object('amount', t.amount::text, 'currency', t.currency, 'name', coalesce(v_name, ''),
                                   'transaction_kind', t.kind);
    IF v_wallet THEN
      IF NEW.status NOT IN ('received', 'refunded') THEN
        RETURN NULL;
      END IF;
      v_params := v_params || jsonb_build_object('reason', coalesce(v_wallet_reason, ''));
    END IF;
    -- notify_user()'s work inline, in one statement.
    WITH n AS (
      INSERT INTO notifications (user_id, kind, transaction_id, params)
      VALUES (CASE WHEN NEW.status IN ('received', 'claimed') AND NOT v_wallet THEN t.recipient_user_id
                   ELSE t.sender_user_id END,
      CASE WHEN v_wallet THEN CASE NEW.status WHEN 'received' THEN 'payout_completed' ELSE 'payout_returned' END
      ELSE CASE NEW.status
        WHEN 'received' THEN 'money_received'
        WHEN 'claimed' THEN 'money_received'
        WHEN 'paid_out' THEN 'withdrawal_paid_out'
        WHEN 'collected' THEN 'pickup_collected'
        WHEN 'cancelled' THEN 'transfer_cancelled'
        WHEN 'refunded' THEN 'transfer_refunded'
        WHEN 'on_hold' THEN 'transfer_on_hold'
        ELSE 'transfer_expired'
      END END,
      t.id, v_params)
      RETURNING id, user_id
    )
    INSERT INTO notification_deliveries (notification_id, push_subscription_id)
    SELECT n.id, NULL FROM n
    UNION ALL
    SELECT n.id, s.id FROM n JOIN push_subscriptions s ON s.user_id = n.user_id
     WHERE coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = n.user_id), true);
    RETURN NULL;
  END
$$;

DROP TRIGGER IF EXISTS transaction_events_notify ON transaction_events;
CREATE TRIGGER transaction_events_notify
  AFTER INSERT ON transaction_events
  FOR EACH ROW
  WHEN (NEW.status IN ('received', 'claimed', 'paid_out', 'collected', 'cancelled', 'refunded', 'expired', 'on_hold'))
  EXECUTE FUNCTION notify_transaction_step();
