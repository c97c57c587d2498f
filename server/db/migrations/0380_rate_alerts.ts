import { sql, type Kysely } from 'kysely';

/**
 * Rate alerts: a customer asks to be told when their own rate (freemium, or subscription while the plan
 * holds) reaches `threshold` MAD per EUR. `rates_id` is the rates row in force when the alert was set: only a row
 * that comes into force after it can fire the alert ("fired when a rate change reaches it"). Firing sets
 * `triggered_at`, the row that reached it and the customer's rate then, in the same statement that writes the
 * `rate_alert` notification (rate-alerts/fire.ts); the row stays as history and is never fired again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_alerts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      threshold numeric(10, 4) NOT NULL CHECK (threshold > 0),
      rates_id bigint NOT NULL REFERENCES rates (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      triggered_at timestamptz,
      triggered_rates_id bigint REFERENCES rates (id),
      triggered_rate numeric(10, 4),
      CHECK ((triggered_at IS NULL) = (triggered_rates_id IS NULL)),
      CHECK ((triggered_at IS NULL) = (triggered_rate IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX rate_alerts_user_idx ON rate_alerts (user_id, id DESC)`.execute(db);
  // What a firing pass reads: the alerts still waiting, lowest threshold first.
  await sql`CREATE INDEX rate_alerts_active_idx ON rate_alerts (threshold) WHERE triggered_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_alerts`.execute(db);
}
