-- Rolling and per-operation limits by level (compliance_limits), counted per customer, kind and UTC day
-- (limit_usage): the 30-day sum is at most 30 rows read by the primary key, whatever the customer's history.
--
-- limit_take() checks and counts in one go and answers {"outcome": "limit", "remaining": ...} when the amount is
-- over the per-operation limit or would pass the 30-day window; NULL when counted. Its caller holds the
-- customer's users row FOR NO KEY UPDATE, so two operations of one customer are counted one after the other and
-- parallel sends can never pass the limit together. The day is the database's (now()), the clock the
-- transaction's created_at is stamped with, so money that comes back is taken off the day it was counted on.
-- p_now stays in the signature, unused, so its callers keep calling it as they do.
--
-- limit_take_for() takes that row lock itself and reads the level, for the callers that do not hold it.

CREATE OR REPLACE FUNCTION limit_take(p_user bigint, p_kind text, p_level smallint, p_amount bigint,
                                      p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
  DECLARE
    l record;
    v_day date := (now() AT TIME ZONE 'UTC')::date;
    v_used bigint;
  BEGIN
    SELECT window_limit, per_operation, currency INTO l
      FROM compliance_limits WHERE level = p_level AND kind = p_kind;
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
  END
$$;

CREATE OR REPLACE FUNCTION limit_take_for(p_user bigint, p_kind text, p_amount bigint,
                                          p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
  DECLARE v_level smallint;
  BEGIN
    SELECT kyc_level INTO v_level FROM users WHERE id = p_user FOR NO KEY UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'user % not found', p_user; END IF;
    RETURN limit_take(p_user, p_kind, v_level, p_amount, p_now);
  END
$$;
