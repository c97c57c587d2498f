import { sql, type Kysely } from 'kysely';

/**
 * The send checks its own session (ADR 010): `wallet_send_as()` runs the
 * authentication's session and user read (activeSessionUserRow: the token's session, live at `p_now`, belonging to
 * the token's subject) and the route's role and freeze refusals, then calls `wallet_send()` unchanged, all in the
 * one statement. A send to a registered recipient was two round trips (the session read, then wallet_send()); it is
 * now one. The refusals keep their order: no live session ('unauthorized', a 401 as before), not a customer
 * ('not_customer', the 403 the service answers), frozen ('frozen', 403), then wallet_send()'s own.
 *
 * Node computes the code's HMAC with a salt it remembers per user (the pepper stays in Node, as in 0020); when that
 * salt is not the stored one (first send of this user in this process, or the code changed since), the function
 * answers 'salt' with the stored salt before anything is locked or written, and Node asks again. The salt is no
 * secret beyond what authentication already read into Node. wallet_send() still compares the salt under its row
 * lock before the MAC, so a code changed between the two reads gives 'slow' (the general path), never a failure
 * counted against a MAC computed with the wrong salt.
 */
const walletSendAs = `
  CREATE FUNCTION wallet_send_as(p_session uuid, p_sender bigint, p_contact bigint, p_amount bigint, p_salt bytea,
                                 p_code_mac bytea, p_scope text, p_key text, p_request_hash text,
                                 p_now timestamptz, p_max_attempts int, p_lock_seconds int)
  RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      s record;
    BEGIN
      -- activeSessionUserRow's conditions, exactly.
      SELECT u.role, u.frozen_at, u.security_code_salt AS salt INTO s
        FROM sessions ss JOIN users u ON u.id = ss.user_id
       WHERE ss.id = p_session AND ss.user_id = p_sender AND ss.revoked_at IS NULL AND ss.expires_at > p_now;
      IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'unauthorized'); END IF;
      IF s.role <> 'customer' THEN RETURN jsonb_build_object('outcome', 'not_customer'); END IF;
      IF s.frozen_at IS NOT NULL THEN RETURN jsonb_build_object('outcome', 'frozen'); END IF;
      IF s.salt IS NOT NULL AND s.salt IS DISTINCT FROM p_salt THEN
        RETURN jsonb_build_object('outcome', 'salt', 'salt', encode(s.salt, 'hex'));
      END IF;
      RETURN wallet_send(p_sender, p_contact, p_amount, p_salt, p_code_mac, p_scope, p_key, p_request_hash, p_now,
                         p_max_attempts, p_lock_seconds);
    END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(walletSendAs).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION wallet_send_as(uuid, bigint, bigint, bigint, bytea, bytea, text, text, text, timestamptz,
    int, int)`.execute(db);
}
