import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  OccurrenceOutcome,
  OccurrenceSkipReason,
  ScheduleDelivery,
  ScheduleFrequency,
} from '../../db/schema.ts';

/** SQL of `schedules` and `schedule_occurrences` (migrations 0595, 0721). Dates are read as YYYY-MM-DD text. */

export interface ScheduleRow {
  id: string;
  user_id: string;
  contact_id: string;
  amount_minor: string;
  delivery: ScheduleDelivery;
  confirm_payee: boolean;
  frequency: ScheduleFrequency;
  day: string | null;
  start_date: string;
  end_date: string | null;
  count: number | null;
  time_zone: string;
  paused: boolean;
  skip_date: string | null;
  next_date: string | null;
  created_at: Date;
  cancelled_at: Date | null;
  recipient_first_name: string;
  recipient_last_name: string;
}

const day = (column: 'start_date' | 'end_date' | 'skip_date' | 'next_date') =>
  sql<string>`to_char(${sql.ref(`s.${column}`)}, 'YYYY-MM-DD')`.as(column);

function selectSchedules(db: Kysely<Database>) {
  return db
    .selectFrom('schedules as s')
    .innerJoin('contacts as c', 'c.id', 's.contact_id')
    .select([
      's.id',
      's.user_id',
      's.contact_id',
      's.amount_minor',
      's.delivery',
      's.confirm_payee',
      's.frequency',
      's.day',
      day('start_date'),
      day('end_date'),
      's.count',
      's.time_zone',
      's.paused',
      day('skip_date'),
      day('next_date'),
      's.created_at',
      's.cancelled_at',
      'c.first_name as recipient_first_name',
      'c.last_name as recipient_last_name',
    ]);
}

export async function insertSchedule(
  tx: Transaction<Database>,
  values: {
    userId: string;
    contactId: string;
    amountMinor: bigint;
    delivery: ScheduleDelivery;
    confirmPayee: boolean;
    frequency: ScheduleFrequency;
    day: string | null;
    startDate: string;
    endDate: string | null;
    count: number | null;
    timeZone: string;
    nextDate: string | null;
  },
): Promise<string> {
  const row = await tx
    .insertInto('schedules')
    .values({
      user_id: values.userId,
      contact_id: values.contactId,
      amount_minor: values.amountMinor,
      delivery: values.delivery,
      confirm_payee: values.confirmPayee,
      frequency: values.frequency,
      day: values.day,
      start_date: values.startDate,
      end_date: values.endDate,
      count: values.count,
      time_zone: values.timeZone,
      next_date: values.nextDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's schedule (any other owner's is absent, so the caller answers 404); `lock` takes its row lock. */
export async function findSchedule(
  db: Kysely<Database>,
  userId: string,
  id: string,
  lock = false,
): Promise<ScheduleRow | undefined> {
  const query = selectSchedules(db).where('s.id', '=', id).where('s.user_id', '=', userId);
  return (lock ? query.forUpdate('s') : query).executeTakeFirst();
}

export async function listSchedules(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ScheduleRow[] }> {
  const [rows, total] = await Promise.all([
    selectSchedules(db)
      .where('s.user_id', '=', userId)
      .orderBy('s.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

export async function updateSchedule(
  tx: Transaction<Database>,
  id: string,
  set: {
    paused?: boolean;
    skipDate?: string | null;
    amountMinor?: bigint;
    nextDate?: string | null;
    cancelledAt?: Date;
  },
): Promise<void> {
  await tx
    .updateTable('schedules')
    .set({
      ...(set.paused !== undefined && { paused: set.paused }),
      ...(set.skipDate !== undefined && { skip_date: set.skipDate }),
      ...(set.amountMinor !== undefined && { amount_minor: set.amountMinor }),
      ...(set.nextDate !== undefined && { next_date: set.nextDate }),
      ...(set.cancelledAt !== undefined && { cancelled_at: set.cancelledAt }),
    })
    .where('id', '=', id)
    .execute();
}

export interface OccurrenceRow {
  date: string;
  outcome: OccurrenceOutcome;
  reason: OccurrenceSkipReason | null;
  transaction_id: string | null;
}

export async function listOccurrences(
  db: Kysely<Database>,
  scheduleId: string,
  limit: number,
): Promise<OccurrenceRow[]> {
  return db
    .selectFrom('schedule_occurrences')
    .select([sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'outcome', 'reason', 'transaction_id'])
    .where('schedule_id', '=', scheduleId)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

function dueAt(db: Kysely<Database>, now: Date) {
  return selectSchedules(db)
    .where('s.cancelled_at', 'is', null)
    .where('s.next_date', 'is not', null)
    .where(sql<boolean>`(s.next_date::timestamp AT TIME ZONE s.time_zone) <= ${now}::timestamptz`);
}

/**
 * The next schedule whose `next_date` has fallen due at `now` (00:00 of that date in the schedule's time zone),
 * locked; schedules another pass holds are passed over (SKIP LOCKED), and PostgreSQL re-reads a row that changed
 * while this one waited, so a date another pass handled is no longer due here.
 */
export async function lockNextDue(
  tx: Transaction<Database>,
  now: Date,
  passedOver: readonly string[],
): Promise<ScheduleRow | undefined> {
  let query = dueAt(tx, now).orderBy('s.next_date').orderBy('s.id').limit(1).forUpdate('s').skipLocked();
  if (passedOver.length > 0) query = query.where('s.id', 'not in', passedOver);
  return query.executeTakeFirst();
}

/**
 * The next schedule due at `now`, read without a lock: what the scheduler asks the partners about before it takes
 * the schedule's lock (lockDue), so no network call waits under a row lock.
 */
export async function peekNextDue(
  db: Kysely<Database>,
  now: Date,
  passedOver: readonly string[],
): Promise<ScheduleRow | undefined> {
  let query = dueAt(db, now).orderBy('s.next_date').orderBy('s.id').limit(1);
  if (passedOver.length > 0) query = query.where('s.id', 'not in', passedOver);
  return query.executeTakeFirst();
}

/**
 * Schedule `id`, locked, if its date `date` is still due at `now`; undefined when another pass holds it (SKIP
 * LOCKED) or has already moved it past that date.
 */
export async function lockDue(
  tx: Transaction<Database>,
  id: string,
  date: string,
  now: Date,
): Promise<ScheduleRow | undefined> {
  return dueAt(tx, now)
    .where('s.id', '=', id)
    .where('s.next_date', '=', date)
    .forUpdate('s')
    .skipLocked()
    .executeTakeFirst();
}

/** Records what became of (schedule, date); false when that occurrence was already recorded. */
export async function recordOccurrence(
  tx: Transaction<Database>,
  occurrence: {
    scheduleId: string;
    date: string;
    outcome: OccurrenceOutcome;
    reason: OccurrenceSkipReason | null;
    transactionId: string | null;
  },
): Promise<boolean> {
  const row = await tx
    .insertInto('schedule_occurrences')
    .values({
      schedule_id: occurrence.scheduleId,
      date: occurrence.date,
      outcome: occurrence.outcome,
      reason: occurrence.reason,
      transaction_id: occurrence.transactionId,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'date']).doNothing())
    .returning('schedule_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the schedule's owner may still move money now: frozen by an operator or a review, or closed. */
export async function ownerState(
  tx: Transaction<Database>,
  userId: string,
): Promise<
  { frozen: boolean; closed: boolean; recoveryPendingUntil: Date | null; recoveryCoolingUntil: Date | null } | undefined
> {
  const row = await tx
    .selectFrom('users')
    .select(['frozen_at', 'closed_at', 'recovery_pending_until', 'recovery_cooling_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      frozen: row.frozen_at !== null,
      closed: row.closed_at !== null,
      recoveryPendingUntil: row.recovery_pending_until,
      recoveryCoolingUntil: row.recovery_cooling_until,
    }
  );
}

/**
 * The next schedule whose next date is `days` days away or less at `now` (from 00:00 of that earlier day in the
 * schedule's time zone) and not yet due, not reminded of that date yet, active, and whose owner may still send;
 * locked, passing over those another pass holds.
 */
export async function lockNextToRemind(
  tx: Transaction<Database>,
  now: Date,
  days: number,
  passedOver: readonly string[],
): Promise<ScheduleRow | undefined> {
  let query = selectSchedules(tx)
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('u.closed_at', 'is', null)
    .where('u.frozen_at', 'is', null)
    .where('s.cancelled_at', 'is', null)
    .where('s.paused', '=', false)
    .where('s.next_date', 'is not', null)
    .where(sql<boolean>`s.skip_date IS DISTINCT FROM s.next_date`)
    .where(sql<boolean>`((s.next_date - ${days}::int)::timestamp AT TIME ZONE s.time_zone) <= ${now}::timestamptz`)
    .where(sql<boolean>`(s.next_date::timestamp AT TIME ZONE s.time_zone) > ${now}::timestamptz`)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM schedule_reminders r WHERE r.schedule_id = s.id AND r.date = s.next_date)`,
    )
    .orderBy('s.next_date')
    .orderBy('s.id')
    .limit(1)
    .forUpdate('s')
    .skipLocked();
  if (passedOver.length > 0) query = query.where('s.id', 'not in', passedOver);
  return query.executeTakeFirst();
}

/** Records that (schedule, date) was reminded; false when it already was (its reminder is not written again). */
export async function recordReminder(tx: Transaction<Database>, scheduleId: string, date: string): Promise<boolean> {
  const row = await tx
    .insertInto('schedule_reminders')
    .values({ schedule_id: scheduleId, date })
    .onConflict((oc) => oc.columns(['schedule_id', 'date']).doNothing())
    .returning('schedule_id')
    .executeTakeFirst();
  return row !== undefined;
}
