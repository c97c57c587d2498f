import { sql, type Kysely } from 'kysely';

/**
 * The reminders of recurring transfers (ADR 024): one row per (schedule, date) reminded, written in the same
 * database transaction as the reminder's notification, so a date is reminded once whatever the passes that overlap
 * or die midway (the primary key refuses the second; a pass rolled back leaves neither). No reference to the
 * notification itself: erasing a closed account's notifications must not be held back by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schedule_reminders (
      schedule_id bigint NOT NULL REFERENCES schedules (id),
      date date NOT NULL,
      reminded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (schedule_id, date)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE schedule_reminders`.execute(db);
}
