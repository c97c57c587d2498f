-- wallet_send(): a send to a registered recipient, in one statement (one database round trip, one transaction).
-- The service (transactions/send-one-trip.ts) calls it through wallet_send_as(); anything it cannot decide
-- answers 'slow' before writing, and the service takes the general path (transactions.service.ts).
--
-- In order:
-- 1. The contact: the sender's own, live. A public one (an agency: a withdrawal) or one not linked to a user yet
--    -> 'slow'; the sender themself -> 'yourself'. A recipient screened against another version of the sanctions
--    lists, or under a hit -> 'slow' (the service screens, and holds the money on a hit).
-- 2. The sender's row, locked FOR NO KEY UPDATE (concurrent guesses of the code are counted one after the other;
--    a payment to this user, which takes KEY SHARE, does not wait). A frozen sender -> 'frozen'.
-- 3. The security code: Node sends HMAC(pepper, salt || code) computed with the salt it read, so the pepper never
--    reaches the database. A code in an older scheme or a salt changed since -> 'slow'. A wrong code is counted
--    and the function RETURNS (no exception), so the count commits; the last allowed failure locks the code.
-- 4. The idempotency key, inserted first with its response (the transaction's id is drawn before it): a
--    concurrent twin waits on the uncommitted key, then replays; another request under the key -> 'conflict'.
-- 5. The rolling and per-operation limits (limit_take(), under the row lock taken in 2). A refusal deletes the
--    key just inserted, so the key can be used again once the limit allows.
-- 6. ledger_post() wallet -> wallet ('Not enough funds' is its LG004), then the recipient read again: an account
--    closed meanwhile raises a serialization failure, the whole send rolls back and the service retries it.
-- 7. The transactions row (its triggers write the timeline, the notification, the receipt mail and the monitoring
--    queue in this same transaction) and the anchoring job.
-- Every failure after the code check raises, so nothing is half-written. The stored response is
-- {"id": N, "present": true}: a replay presents the row again through the service's one presenter.

CREATE OR REPLACE FUNCTION wallet_send(p_sender bigint, p_contact bigint, p_amount bigint, p_salt bytea,
                                       p_code_mac bytea, p_scope text, p_key text, p_request_hash text,
                                       p_now timestamp with time zone, p_max_attempts integer,
                                       p_lock_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
  DECLARE
    c record;
    u record;
    k record;
    v_failures int;
    v_from bigint;
    v_to bigint;
    v_id bigint;
    v_entry bigint;
    v_created timestamptz;
    v_limit jsonb;
  BEGIN
    SELECT id, public, contact_user, first_name, last_name, phone_number, email, sanctions_version,
           sanctions_hit IS NOT NULL OR sanctions_confirmed_at IS NOT NULL AS sanctions_held INTO c
      FROM contacts
     WHERE id = p_contact AND deleted_at IS NULL AND (owner_user_id = p_sender OR public);
    IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'contact_not_found'); END IF;
    IF c.public OR c.contact_user IS NULL THEN RETURN jsonb_build_object('outcome', 'slow'); END IF;
    -- Screened against the lists in force and clear, or the service screens it (and holds the money on a hit).
    IF c.sanctions_held OR c.sanctions_version IS DISTINCT FROM
         (SELECT coalesce(max(version), 0) FROM sanctions_lists) THEN
      RETURN jsonb_build_object('outcome', 'slow');
    END IF;
    IF c.contact_user = p_sender THEN RETURN jsonb_build_object('outcome', 'yourself'); END IF;

    SELECT security_code_hash AS hash, security_code_salt AS salt, security_code_failures AS failures,
           security_code_locked_until AS locked_until, first_name, last_name, language, email,
           email_verified_at IS NOT NULL AS email_verified, phone_number, phone_auth, frozen_at, kyc_level INTO u
      FROM users WHERE id = p_sender FOR NO KEY UPDATE;
    -- Under the row lock: a freeze racing this send is either before it or after it.
    IF FOUND AND u.frozen_at IS NOT NULL THEN RETURN jsonb_build_object('outcome', 'frozen'); END IF;
    IF NOT FOUND OR u.hash IS NULL OR u.salt IS NULL THEN RETURN jsonb_build_object('outcome', 'not_set'); END IF;
    IF u.locked_until > p_now THEN
      RETURN jsonb_build_object('outcome', 'locked', 'locked_until', u.locked_until,
        'retry_after', greatest(1, ceil(extract(epoch FROM u.locked_until - p_now))::int));
    END IF;
    -- An older scheme (scrypt) is checked and upgraded by the service; a salt changed since authentication too.
    IF length(u.hash) <> 33 OR get_byte(u.hash, 0) <> 0 OR u.salt IS DISTINCT FROM p_salt OR p_code_mac IS NULL
    THEN
      RETURN jsonb_build_object('outcome', 'slow');
    END IF;
    -- A wrong code is counted and RETURNs (no exception), so the count commits.
    IF substring(u.hash FROM 2) <> p_code_mac THEN
      v_failures := u.failures + 1;
      IF v_failures >= p_max_attempts THEN
        UPDATE users SET security_code_failures = 0,
               security_code_locked_until = p_now + make_interval(secs => p_lock_seconds)
         WHERE id = p_sender;
        RETURN jsonb_build_object('outcome', 'locked_now', 'retry_after', p_lock_seconds,
          'locked_until', p_now + make_interval(secs => p_lock_seconds),
          'language', u.language, 'email', u.email, 'email_verified', u.email_verified,
          'phone', u.phone_number, 'phone_auth', u.phone_auth);
      END IF;
      UPDATE users SET security_code_failures = v_failures, security_code_locked_until = NULL WHERE id = p_sender;
      RETURN jsonb_build_object('outcome', 'invalid', 'remaining', p_max_attempts - v_failures);
    END IF;
    IF u.failures > 0 OR u.locked_until IS NOT NULL THEN
      UPDATE users SET security_code_failures = 0, security_code_locked_until = NULL WHERE id = p_sender;
    END IF;

    -- The id first, so the key is written once, with its response.
    v_id := nextval('transactions_id_seq'::regclass);
    IF p_key IS NOT NULL THEN
      INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
        VALUES (p_scope, p_key, p_request_hash, 201, jsonb_build_object('id', v_id, 'present', true))
        ON CONFLICT (scope, key) DO NOTHING;
      IF NOT FOUND THEN
        SELECT request_hash, response_status, response_body INTO k
          FROM idempotency_keys WHERE scope = p_scope AND key = p_key;
        IF k.request_hash <> p_request_hash THEN RETURN jsonb_build_object('outcome', 'conflict'); END IF;
        IF k.response_status IS NULL THEN RETURN jsonb_build_object('outcome', 'in_progress'); END IF;
        RETURN jsonb_build_object('outcome', 'replay', 'status', k.response_status, 'body', k.response_body);
      END IF;
    END IF;

    -- The rolling and per-operation limits, counted under the sender's row lock taken above.
    v_limit := limit_take(p_sender, 'outgoing', u.kyc_level, p_amount, p_now);
    IF v_limit IS NOT NULL THEN
      -- The key may be used again once the limit allows.
      IF p_key IS NOT NULL THEN DELETE FROM idempotency_keys WHERE scope = p_scope AND key = p_key; END IF;
      RETURN v_limit;
    END IF;
    SELECT id INTO v_from FROM ledger_accounts WHERE kind = 'customer_wallet' AND owner_user_id = p_sender;
    SELECT id INTO v_to FROM ledger_accounts WHERE kind = 'customer_wallet' AND owner_user_id = c.contact_user;
    IF v_from IS NULL OR v_to IS NULL THEN
      RAISE EXCEPTION 'user % or % has no wallet', p_sender, c.contact_user;
    END IF;
    SELECT entry_id INTO v_entry
      FROM ledger_post('transfer', 'transaction', v_id::text, '{"unclaimed": false}'::jsonb,
                       ARRAY[v_from, v_to], ARRAY['MAD', 'MAD'], ARRAY[-p_amount, p_amount])
     LIMIT 1;
    -- A recipient who closed their account while this send waited for their wallet's lock: retried, it takes the
    -- general path (the closure unlinked them) and waits, unclaimed.
    IF EXISTS (SELECT 1 FROM users WHERE id = c.contact_user AND closed_at IS NOT NULL) THEN
      RAISE EXCEPTION 'recipient % closed their account', c.contact_user USING ERRCODE = 'serialization_failure';
    END IF;
    INSERT INTO transactions (id, kind, status, sender_user_id, recipient_user_id, contact_id, amount,
                              recipient_phone_number, recipient_email, ledger_entry_id)
    VALUES (v_id, 'transfer', 'completed', p_sender, c.contact_user, c.id, p_amount,
            c.phone_number, c.email, v_entry)
    RETURNING created_at INTO v_created;
    INSERT INTO chain_outbox (transaction_id) VALUES (v_id) ON CONFLICT (transaction_id) DO NOTHING;
    RETURN jsonb_build_object('outcome', 'sent', 'id', v_id, 'created_at', v_created,
      'recipient', c.contact_user, 'sender_first_name', u.first_name, 'sender_last_name', u.last_name,
      'contact_first_name', c.first_name, 'contact_last_name', c.last_name, 'contact_phone', c.phone_number);
  END
$$;
