import { sql, type Kysely } from 'kysely';

/**
 * Customer levels and rolling limits (issue 16).
 *
 * - `users.kyc_level`: 1 (verified identifier and full profile: what every customer who moves money has) or 2 (an
 *   identity document approved, with date of birth and address on the profile).
 * - `compliance_limits`: what the database enforces per level and kind. Every server writes its configured values
 *   at start (server/modules/compliance/limits.ts), so the SQL below and the API's figures read the same numbers;
 *   the rows inserted here are the README's defaults, in force before any server started.
 * - `limit_usage`: one counter per customer, kind and UTC day. The rolling 30-day sum is at most 30 rows read by
 *   the primary key, whatever the customer's history: the send path never scans transactions.
 *
 * limit_take() checks and counts in one go. Its callers hold the customer's users row FOR NO KEY UPDATE (wallet_send()
 * already does for the security code; limit_take_for() takes it for the other paths), so two operations of one
 * customer are counted one after the other and 50 parallel sends can never pass the limit together.
 *
 * wallet_send() is patched in place from its current definition (as migration 0141 does), so this keeps what other
 * migrations changed in it. A refusal deletes the idempotency key it just inserted and returns: the key may be used
 * again once the limit allows, and a replay of a send that succeeded before is still answered (the key check comes
 * first).
 */
const signature = 'wallet_send(bigint, bigint, bigint, bytea, bytea, text, text, text, timestamptz, int, int)';

async function patchWalletSend(db: Kysely<unknown>, from: string[], to: string[]): Promise<void> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${signature}::regprocedure) AS def`.execute(db);
  let def = rows[0]?.def ?? '';
  from.forEach((text, i) => {
    if (!def.includes(text)) throw new Error(`wallet_send() has no "${text}": cannot patch it`);
    def = def.replace(text, to[i] ?? text);
  });
  await sql.raw(def).execute(db);
}

const declare = 'v_created timestamptz;';
const declareLimit = `v_created timestamptz;
      v_limit jsonb;`;
const selectUser = 'frozen_at INTO u';
const selectUserLevel = 'frozen_at, kyc_level INTO u';
const beforeWallets = 'SELECT id INTO v_from FROM ledger_accounts';
const limitCheck = `-- Issue 16: the rolling and per-operation limits, counted under the sender's row lock taken above.
      v_limit := limit_take(p_sender, 'outgoing', u.kyc_level, p_amount, p_now);
      IF v_limit IS NOT NULL THEN
        IF p_key IS NOT NULL THEN DELETE FROM idempotency_keys WHERE scope = p_scope AND key = p_key; END IF;
        RETURN v_limit;
      END IF;
      ${beforeWallets}`;

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
  await patchWalletSend(db, [declare, selectUser, beforeWallets], [declareLimit, selectUserLevel, limitCheck]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, [limitCheck, selectUserLevel, declareLimit], [beforeWallets, selectUser, declare]);
  await sql`DROP FUNCTION limit_take_for(bigint, text, bigint, timestamptz)`.execute(db);
  await sql`DROP FUNCTION limit_take(bigint, text, smallint, bigint, timestamptz)`.execute(db);
  await sql`DROP TABLE limit_usage`.execute(db);
  await sql`DROP TABLE compliance_limits`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN kyc_level`.execute(db);
}
