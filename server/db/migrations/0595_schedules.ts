import { sql, type Kysely } from 'kysely';

/**
 * Recurring transfers (ADR 024): a customer's standing order to send the same amount to the same recipient on a
 * calendar, and what became of each of its dates.
 *
 * - `schedules`: the order. `day` is the day of the month of a monthly schedule (1-28, or 'last'); weekly and
 *   biweekly ones repeat the start date's weekday. `next_date` is the next date the scheduler has not handled yet
 *   (null once the schedule has run out); `skip_date` a date the customer asked to skip. `time_zone` is the
 *   customer's, fixed at creation: a date falls due at 00:00 there. `cancelled_at` ends it (kept for its history).
 * - `schedule_occurrences`: one row per (schedule, date) handled, its primary key what makes an occurrence happen
 *   once: sent (with its transaction), skipped with the reason, or missed (due while the service was down for longer
 *   than the catch-up window).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schedules (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id),
      contact_id bigint NOT NULL REFERENCES contacts (id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      delivery text NOT NULL CHECK (delivery IN ('wallet')),
      frequency text NOT NULL CHECK (frequency IN ('weekly', 'biweekly', 'monthly')),
      day text CHECK (day ~ '^([1-9]|1[0-9]|2[0-8]|last)$'),
      start_date date NOT NULL,
      end_date date CHECK (end_date >= start_date),
      count integer CHECK (count > 0),
      time_zone text NOT NULL,
      paused boolean NOT NULL DEFAULT false,
      skip_date date,
      next_date date,
      created_at timestamptz NOT NULL DEFAULT now(),
      cancelled_at timestamptz,
      CHECK ((frequency = 'monthly') = (day IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX schedules_user_idx ON schedules (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX schedules_next_idx ON schedules (next_date) WHERE cancelled_at IS NULL AND next_date IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE schedule_occurrences (
      schedule_id bigint NOT NULL REFERENCES schedules (id),
      date date NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('sent', 'skipped', 'missed')),
      reason text CHECK (reason IN ('balance', 'limit', 'frozen', 'recipient', 'paused', 'asked')),
      transaction_id bigint REFERENCES transactions (id),
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (schedule_id, date),
      CHECK ((outcome = 'sent') = (transaction_id IS NOT NULL)),
      CHECK ((outcome = 'skipped') = (reason IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX schedule_occurrences_transaction_idx ON schedule_occurrences (transaction_id)
            WHERE transaction_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE schedule_occurrences`.execute(db);
  await sql`DROP TABLE schedules`.execute(db);
}
