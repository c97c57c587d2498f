import { sql, type Kysely } from 'kysely';

/**
 * Customer levels and rolling limits.
 *
 * - `users.kyc_level`: 1 (verified identifier and full profile: what every customer who moves money has) or 2 (an
 *   identity document approved, with date of birth and address on the profile).
 * - `compliance_limits`: what the database enforces per level and kind. Every server writes its configured values
 *   at start (server/modules/compliance/limits.ts), so the SQL and the API's figures read the same numbers; the rows
 *   inserted here are the defaults in force before any server started.
 * - `limit_usage`: one counter per customer, kind and UTC day. The rolling 30-day sum is at most 30 rows read by
 *   the primary key, whatever the customer's history: the send path never scans transactions.
 *
 * limit_take() checks and counts in one go; limit_take_for() takes the customer's row lock first, for the callers
 * that do not hold it (wallet_send() does). Created here in their first version; their current text, and the limit
 * check inside wallet_send(), are in server/db/sql (limit_take.sql, wallet_send.sql).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN kyc_level smallint NOT NULL DEFAULT 1 CHECK (kyc_level IN (1, 2))`.execute(db);
  await sql`
    CREATE TABLE compliance_limits (
      level smallint NOT NULL CHECK (level IN (1, 2)),
      kind text NOT NULL CHECK (kind IN ('topup', 'outgoing')),
      currency text NOT NULL CHECK (currency IN ('EUR', 'MAD')),
      window_limit bigint NOT NULL CHECK (window_limit > 0),
      per_operation bigint NOT NULL CHECK (per_operation > 0),
      PRIMARY KEY (level, kind)
    )`.execute(db);
  await sql`
    INSERT INTO compliance_limits (level, kind, currency, window_limit, per_operation) VALUES
      (1, 'topup', 'EUR', 100000, 200000),
      (1, 'outgoing', 'MAD', 2000000, 1000000),
      (2, 'topup', 'EUR', 1000000, 200000),
      (2, 'outgoing', 'MAD', 10000000, 2000000)`.execute(db);
  // No foreign key to users: its check would cost the send path a lookup, and closure erases these rows itself.
  await sql`
    CREATE TABLE limit_usage (
      user_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('topup', 'outgoing')),
      day date NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (user_id, kind, day)
    )`.execute(db);
  await sql`
    CREATE FUNCTION limit_take(p_user bigint, p_kind text, p_level smallint, p_amount bigint, p_now timestamptz)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      l record;
      v_day date := (p_now AT TIME ZONE 'UTC')::date;
      v_used bigint;
    BEGIN
      SELECT window_limit, per_operation, currency INTO l FROM compliance_limits WHERE level = p_level AND kind = p_kind;
      IF NOT FOUND THEN RAISE EXCEPTION 'no compliance limit for level % and kind %', p_level, p_kind; END IF;
      SELECT coalesce(sum(amount), 0) INTO v_used
        FROM limit_usage WHERE user_id = p_user AND kind = p_kind AND day > v_day - 30;
      IF p_amount > l.per_operation OR v_used + p_amount > l.window_limit THEN
        RETURN jsonb_build_object('outcome', 'limit', 'kind', p_kind, 'currency', l.currency,
          'remaining', greatest(0, least(l.window_limit - v_used, l.per_operation)));
      END IF;
      INSERT INTO limit_usage AS u (user_id, kind, day, amount) VALUES (p_user, p_kind, v_day, p_amount)
        ON CONFLICT (user_id, kind, day) DO UPDATE SET amount = u.amount + EXCLUDED.amount;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION limit_take_for(p_user bigint, p_kind text, p_amount bigint, p_now timestamptz)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE v_level smallint;
    BEGIN
      SELECT kyc_level INTO v_level FROM users WHERE id = p_user FOR NO KEY UPDATE;
      IF NOT FOUND THEN RAISE EXCEPTION 'user % not found', p_user; END IF;
      RETURN limit_take(p_user, p_kind, v_level, p_amount, p_now);
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION limit_take_for(bigint, text, bigint, timestamptz)`.execute(db);
  await sql`DROP FUNCTION limit_take(bigint, text, smallint, bigint, timestamptz)`.execute(db);
  await sql`DROP TABLE limit_usage`.execute(db);
  await sql`DROP TABLE compliance_limits`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN kyc_level`.execute(db);
}
