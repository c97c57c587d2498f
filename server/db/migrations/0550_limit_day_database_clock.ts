import { sql, type Kysely } from 'kysely';

/**
 * A limit is counted on the day of the database's clock, the one `transactions.created_at` is stamped with.
 *
 * Money that comes back (a cancelled or expired withdrawal, pickup or unclaimed send) is taken off the UTC day of
 * its transaction's created_at: the database's now() of the transaction that wrote it. limit_take() counted on the
 * day of p_now, the application's clock read a moment later: a movement made across midnight UTC (or on a host
 * whose clock is off) was counted on one day and released from the other, so the release missed and the customer
 * kept the amount counted against the limit for 30 days. limit_take() now counts on now(), the start of the very
 * transaction that inserts the movement, so both read one instant. p_now stays in the signature, unused, so that
 * wallet_send() and limit_take_for() keep calling it as they do. CREATE OR REPLACE keeps the function's grants.
 */
const limitTake = (day: string) => `
  CREATE OR REPLACE FUNCTION limit_take(p_user bigint, p_kind text, p_level smallint, p_amount bigint, p_now timestamptz)
  RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    l record;
    v_day date := ${day};
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
  END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(limitTake("(now() AT TIME ZONE 'UTC')::date")).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(limitTake("(p_now AT TIME ZONE 'UTC')::date")).execute(db);
}
