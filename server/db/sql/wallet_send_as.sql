-- wallet_send_as(): the send's session check inside the send. The token's session must be live at p_now and
-- belong to the token's subject ('unauthorized', a 401); the user a customer ('not_customer', 403) and not frozen
-- ('frozen', 403); then wallet_send() decides the rest, in the same statement. An account whose recovery waits for
-- its decision, or is in its cooling-off after one, takes the general path ('slow'), where the exit guards decide.
--
-- Node computes the code's HMAC with a salt it remembers per user; when that is not the stored salt, the answer
-- is 'salt' with the stored one, before anything is locked or written, and Node asks again.

CREATE OR REPLACE FUNCTION wallet_send_as(p_session uuid, p_sender bigint, p_contact bigint, p_amount bigint,
                                          p_salt bytea, p_code_mac bytea, p_scope text, p_key text,
                                          p_request_hash text, p_now timestamp with time zone,
                                          p_max_attempts integer, p_lock_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
  DECLARE
    s record;
  BEGIN
    -- activeSessionUserRow's conditions, exactly.
    SELECT u.role, u.frozen_at, u.security_code_salt AS salt, u.recovery_pending_until, u.recovery_cooling_until INTO s
      FROM sessions ss JOIN users u ON u.id = ss.user_id
     WHERE ss.id = p_session AND ss.user_id = p_sender AND ss.revoked_at IS NULL AND ss.expires_at > p_now;
    IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'unauthorized'); END IF;
    IF s.role <> 'customer' THEN RETURN jsonb_build_object('outcome', 'not_customer'); END IF;
    IF s.frozen_at IS NOT NULL THEN RETURN jsonb_build_object('outcome', 'frozen'); END IF;
    IF s.recovery_pending_until > p_now OR s.recovery_cooling_until > p_now THEN
      RETURN jsonb_build_object('outcome', 'slow');
    END IF;
    IF s.salt IS NOT NULL AND s.salt IS DISTINCT FROM p_salt THEN
      RETURN jsonb_build_object('outcome', 'salt', 'salt', encode(s.salt, 'hex'));
    END IF;
    RETURN wallet_send(p_sender, p_contact, p_amount, p_salt, p_code_mac, p_scope, p_key, p_request_hash, p_now,
                       p_max_attempts, p_lock_seconds);
  END
$$;
