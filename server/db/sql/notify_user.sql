-- notify_user(): one notification for a user, with its deliveries in the same statement: the e-mail/SMS outbox
-- row and one push row per subscription of the user, unless the user turned push off. p_deliver false writes the
-- in-app notification only. The services call it through notify() (server/modules/notifications).

CREATE OR REPLACE FUNCTION notify_user(p_user bigint, p_kind text, p_transaction bigint, p_params jsonb,
                                       p_deliver boolean)
 RETURNS bigint
 LANGUAGE plpgsql
AS $$
  DECLARE
    v_id bigint;
  BEGIN
    -- The notification, its e-mail/SMS outbox row and one row per push subscription (unless push is off).
    WITH n AS (
      INSERT INTO notifications (user_id, kind, transaction_id, params)
      VALUES (p_user, p_kind, p_transaction, coalesce(p_params, '{}'::jsonb))
      RETURNING id
    ), d AS (
      INSERT INTO notification_deliveries (notification_id, push_subscription_id)
      SELECT n.id, NULL FROM n WHERE p_deliver
      UNION ALL
      SELECT n.id, s.id FROM n CROSS JOIN push_subscriptions s
       WHERE p_deliver AND s.user_id = p_user
         AND coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = p_user), true)
    )
    SELECT id INTO v_id FROM n;
    RETURN v_id;
  END
$$;
