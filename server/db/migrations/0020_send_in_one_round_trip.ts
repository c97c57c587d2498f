import { sql, type Kysely } from 'kysely';

/**
 * A send to a registered recipient in one database round trip (ADR 010): wallet_send() does, in one
 * statement and so in one transaction, what took about 15 round trips (the security-code transaction, then
 * BEGIN, idempotency key, wallets, id, ledger_post(), business row, anchoring job, the response's read, key
 * update, COMMIT):
 *
 * 1. the contact: the sender's own, live; a public one (a withdrawal), a recipient not linked to a user yet, or a
 *    security code stored in an older scheme answer 'slow' before anything is written, and the service takes the
 *    general path (transactions.service.ts) for them;
 * 2. the security code, on the sender's row locked FOR NO KEY UPDATE (concurrent guesses are counted one after
 *    the other, and a payment *to* this user, whose foreign key takes KEY SHARE, does not wait): Node sends
 *    HMAC(pepper, salt || code) computed with the salt read at authentication, so the pepper never reaches the
 *    database; a wrong code is counted and the function RETURNS (no exception), so the count commits;
 * 3. the idempotency key, exactly as runIdempotent() does (insert first; a concurrent twin waits on it);
 * 4. ledger_post() (the locks in id order, the overdraft check under the lock, LG004 for "Not enough funds"),
 *    the transactions row, the anchoring job (transactional outbox), the stored response.
 * Every failure after the code check raises, so the whole statement rolls back: nothing half-written.
 *
 * A later rule of the send (rolling limit, freeze, screening hold) is one more condition here, between the code
 * check and ledger_post(), answering an outcome of its own: the same round trip.
 *
 * The stored response of a send made here is `{"id": N, "present": true}`: the body is built from the row by the
 * service's presenter (one presenter, in TypeScript), and a replay presents the same row again. `id` is the
 * answer's id, as in the bodies the general path stores whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION wallet_send(
      p_sender bigint, p_contact bigint, p_amount bigint, p_salt bytea, p_code_mac bytea,
      p_scope text, p_key text, p_request_hash text, p_now timestamptz,
      p_max_attempts int, p_lock_seconds int)
    RETURNS jsonb LANGUAGE plpgsql AS $$
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
    BEGIN
      SELECT id, public, contact_user, first_name, last_name, phone_number, email INTO c
        FROM contacts
       WHERE id = p_contact AND deleted_at IS NULL AND (owner_user_id = p_sender OR public);
      IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'contact_not_found'); END IF;
      IF c.public OR c.contact_user IS NULL THEN RETURN jsonb_build_object('outcome', 'slow'); END IF;
      IF c.contact_user = p_sender THEN RETURN jsonb_build_object('outcome', 'yourself'); END IF;

      SELECT security_code_hash AS hash, security_code_salt AS salt, security_code_failures AS failures,
             security_code_locked_until AS locked_until, first_name, last_name, language, email,
             email_verified_at IS NOT NULL AS email_verified, phone_number, phone_auth INTO u
        FROM users WHERE id = p_sender FOR NO KEY UPDATE;
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

      IF p_key IS NOT NULL THEN
        INSERT INTO idempotency_keys (scope, key, request_hash) VALUES (p_scope, p_key, p_request_hash)
          ON CONFLICT (scope, key) DO NOTHING;
        IF NOT FOUND THEN
          SELECT request_hash, response_status, response_body INTO k
            FROM idempotency_keys WHERE scope = p_scope AND key = p_key;
          IF k.request_hash <> p_request_hash THEN RETURN jsonb_build_object('outcome', 'conflict'); END IF;
          IF k.response_status IS NULL THEN RETURN jsonb_build_object('outcome', 'in_progress'); END IF;
          RETURN jsonb_build_object('outcome', 'replay', 'status', k.response_status, 'body', k.response_body);
        END IF;
      END IF;

      SELECT id INTO v_from FROM ledger_accounts WHERE kind = 'customer_wallet' AND owner_user_id = p_sender;
      SELECT id INTO v_to FROM ledger_accounts WHERE kind = 'customer_wallet' AND owner_user_id = c.contact_user;
      IF v_from IS NULL OR v_to IS NULL THEN
        RAISE EXCEPTION 'user % or % has no wallet', p_sender, c.contact_user;
      END IF;
      v_id := nextval(pg_get_serial_sequence('transactions', 'id'));
      SELECT entry_id INTO v_entry
        FROM ledger_post('transfer', 'transaction', v_id::text, '{"unclaimed": false}'::jsonb,
                         ARRAY[v_from, v_to], ARRAY['MAD', 'MAD'], ARRAY[-p_amount, p_amount])
       LIMIT 1;
      INSERT INTO transactions (id, kind, status, sender_user_id, recipient_user_id, contact_id, amount,
                                recipient_phone_number, recipient_email, ledger_entry_id)
      VALUES (v_id, 'transfer', 'completed', p_sender, c.contact_user, c.id, p_amount,
              c.phone_number, c.email, v_entry)
      RETURNING created_at INTO v_created;
      INSERT INTO chain_outbox (transaction_id) VALUES (v_id) ON CONFLICT (transaction_id) DO NOTHING;
      IF p_key IS NOT NULL THEN
        UPDATE idempotency_keys SET response_status = 201, response_body = jsonb_build_object('id', v_id, 'present', true)
         WHERE scope = p_scope AND key = p_key;
      END IF;
      RETURN jsonb_build_object('outcome', 'sent', 'id', v_id, 'created_at', v_created,
        'recipient', c.contact_user, 'sender_first_name', u.first_name, 'sender_last_name', u.last_name,
        'contact_first_name', c.first_name, 'contact_last_name', c.last_name, 'contact_phone', c.phone_number);
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION wallet_send(bigint, bigint, bigint, bytea, bytea, text, text, text, timestamptz, int, int)`.execute(
    db,
  );
}
