import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Fires the rate alerts that the rates in force at `now` reach, in one statement: each alert set before
 * that row came into force (`rates_id` differs) whose threshold is at or below the customer's own rate (the
 * subscription rate while the plan holds, as subscriptionHolds() decides, else freemium) is marked triggered and
 * its `rate_alert` notification is written with its deliveries (notify_user: in-app, e-mail/SMS, push), all in the
 * caller's transaction.
 *
 * Called where rates are written (ops/rates.service.ts writeRates: a change in force at once fires in the rates'
 * own transaction, four-eyes approvals included) and by every server's sweep (server/housekeeping-sweep.ts), which
 * fires the alerts a row scheduled for later reaches once its effective time has come: never before, since the row
 * is not in force until then. Once: the UPDATE locks each alert; a concurrent pass that found it too waits for the
 * first one's commit, reads `triggered_at` set and skips it, so only the statement that marked it writes the
 * notification. Returns the alerts fired.
 */
export async function fireRateAlerts(
  db: Kysely<Database> | Transaction<Database>,
  now: Date,
  subscriptionGraceSeconds: number,
): Promise<{ id: string; user_id: string }[]> {
  const { rows } = await sql<{ id: string; user_id: string }>`
    WITH r AS (
      SELECT id, freemium, subscription FROM rates
       WHERE effective_at <= ${now}
       ORDER BY effective_at DESC, id DESC LIMIT 1
    ), due AS (
      SELECT a.id, r.id AS rates_id,
             CASE WHEN s.status IS NOT NULL AND s.status <> 'canceled'
                   AND s.current_period_end + CASE WHEN s.cancel_at_period_end THEN interval '0'
                         ELSE make_interval(secs => ${subscriptionGraceSeconds}) END > ${now}::timestamptz
                  THEN r.subscription ELSE r.freemium END AS rate
        FROM rate_alerts a
        CROSS JOIN r
        LEFT JOIN subscriptions s ON s.user_id = a.user_id
       WHERE a.triggered_at IS NULL AND a.rates_id <> r.id
         AND a.threshold <= greatest(r.freemium, r.subscription)
    ), fired AS (
      UPDATE rate_alerts a
         SET triggered_at = ${now}, triggered_rates_id = due.rates_id, triggered_rate = due.rate
        FROM due
       WHERE a.id = due.id AND a.triggered_at IS NULL AND a.threshold <= due.rate
      RETURNING a.id, a.user_id, a.threshold, a.triggered_rate
    )
    SELECT f.id::text AS id, f.user_id::text AS user_id,
           notify_user(f.user_id, 'rate_alert', NULL,
             jsonb_build_object('threshold', f.threshold::text, 'rate', f.triggered_rate::text), true) AS notification
      FROM fired f
     ORDER BY f.id`.execute(db);
  return rows.map((r) => ({ id: r.id, user_id: r.user_id }));
}
