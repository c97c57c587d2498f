import { sql, type Kysely, type Transaction as Tx } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import type { SkipReason } from '../../../common/api/schedules.ts';
import { money } from '../../../common/money/money.ts';
import { startOfDayIn } from '../../../common/time/time-zone.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { InsufficientFundsError } from '../../ledger/ledger-errors.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { reasonOf, type WorkerLog } from '../../jobs/worker-log.ts';
import { tryTakeLimit } from '../compliance/limits.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { RecipientGoneError, screenRecipient, type RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { coolingOffApplies, recoveryPending } from '../transfers/exit-guards.ts';
import { partnerCheck, sendOnSchedule, StalePartnerCheck, type PartnerCheck } from '../transfers/index.ts';
import { notify } from '../notifications/notify.ts';
import { dateAfter } from './calendar.ts';
import { remindDue } from './reminders.ts';
import {
  lockDue,
  ownerState,
  peekNextDue,
  recordOccurrence,
  updateSchedule,
  type ScheduleRow,
} from './schedules.repository.ts';
import { amountProblem } from './schedules.service.ts';

/**
 * The scheduler (ADR 024): one pass sends every occurrence that has fallen due, once.
 *
 * An occurrence is (schedule, date). It is handled under the schedule's row lock (SKIP LOCKED: passes in other
 * processes take other schedules), and what became of it is written in the same database transaction as its money:
 * the `schedule_occurrences` row (primary key (schedule, date)), the transfer (whose idempotency key is the same
 * pair) and the schedule's next date. So passes that overlap, run in two processes or die midway send it once: a
 * pass that dies rolls all of it back, and the next pass finds the date still due.
 *
 * The send follows a hand-made send's rules (freeze, per-operation bounds, rolling limits, screening, blocking
 * monitoring rules, the balance), minus the security code, which the customer gave for the whole schedule when
 * making it. A refusal is recorded as the occurrence's outcome with its reason, never retried, and the customer is
 * told. Each pass then writes the reminders of the dates two days ahead (reminders.ts).
 */

/** A date more than this late when the scheduler first sees it is recorded as missed, not sent. */
export const CATCH_UP_MS = 2 * 86_400_000;

export interface PassOutcome {
  sent: number;
  skipped: number;
  missed: number;
  /** Reminders written, two days before a date. */
  reminded: number;
  /** Schedules that failed in this pass (each logged): left for the next pass. */
  failed: string[];
}

/** What became of a date; `ended` when the schedule itself ended instead (its owner's account closed). */
type Recorded =
  | { outcome: 'sent'; transactionId: string; afterCommit?: () => void }
  | { outcome: 'skipped'; reason: SkipReason }
  | { outcome: 'missed' };
type Handled = Recorded | { outcome: 'ended' };

const occurrenceKey = (row: ScheduleRow, date: string) => `schedule:${row.id}:${date}`;

/** Whether the recipient may still receive this way: one of the sender's people, not an agency, not themselves. */
async function recipientNow(db: Kysely<Database>, deps: ServiceDeps, row: ScheduleRow): Promise<Contact | null> {
  try {
    const contact = await getContact({ ...deps, db }, owner(row), Number(row.contact_id));
    if (contact.public || String(contact.contact_user) === row.user_id) return null;
    return contact;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

const owner = (row: ScheduleRow) => ({ id: row.user_id, role: 'customer' as const, agencyId: null, sessionId: '' });

/**
 * The money of one occurrence, in the caller's transaction (which holds the schedule's lock): a refusal comes back
 * as its reason. The rolling limit is taken first, under the sender's row lock, as a hand-made send does.
 */
async function sendOccurrence(
  tx: Tx<Database>,
  deps: ServiceDeps,
  row: ScheduleRow,
  date: string,
  screening: RecipientScreening | null,
  checked: PartnerCheck | null,
): Promise<Recorded> {
  const sender = await ownerState(tx, row.user_id);
  // A pending account recovery stops every exit as a freeze does: the customer reads 'account frozen'.
  if (!sender || sender.frozen || recoveryPending(deps, sender)) return { outcome: 'skipped', reason: 'frozen' };
  const amount = money('MAD', BigInt(row.amount_minor));
  if (amountProblem(deps, amount.minor) !== undefined) return { outcome: 'skipped', reason: 'limit' };
  const contact = await recipientNow(tx, deps, row);
  if (contact === null || screening === null) return { outcome: 'skipped', reason: 'recipient' };
  // A refusal of the ledger (the balance) aborts the statement: the savepoint keeps the occurrence's own writes.
  await sql`SAVEPOINT occurrence`.execute(tx);
  try {
    if ((await tryTakeLimit(tx, row.user_id, 'outgoing', amount.minor, deps.clock.now())) !== null) {
      await sql`ROLLBACK TO SAVEPOINT occurrence`.execute(tx);
      return { outcome: 'skipped', reason: 'limit' };
    }
    let afterCommit: (() => void) | undefined;
    let cannotReceive = false;
    const result = await runIdempotent(
      tx,
      {
        scope: `transactions:user:${row.user_id}`,
        key: occurrenceKey(row, date),
        requestHash: hashRequest({
          amount: amount.minor,
          contact: row.contact_id,
          schedule: row.id,
          // The wallet's hash leaves the way out, as it did before other ways could be scheduled.
          ...(row.delivery !== 'wallet' && { delivery: row.delivery }),
        }),
      },
      async () => {
        const sent = await sendOnSchedule(tx, deps, {
          senderId: row.user_id,
          contact,
          amount,
          delivery: row.delivery,
          confirmPayee: row.confirm_payee,
          screening,
          coolingOff: coolingOffApplies(deps, sender, amount.minor),
          checked,
        });
        if (sent.kind === 'cannot_receive') {
          cannotReceive = true;
          // Nothing moved: the savepoint's rollback below takes back the claimed key too.
          return { status: 400, body: { id: '' } };
        }
        afterCommit = sent.afterCommit;
        return { status: 201, body: { id: sent.id } };
      },
    );
    if (cannotReceive) {
      await sql`ROLLBACK TO SAVEPOINT occurrence`.execute(tx);
      return { outcome: 'skipped', reason: 'recipient' };
    }
    await sql`RELEASE SAVEPOINT occurrence`.execute(tx);
    return { outcome: 'sent', transactionId: result.body.id, afterCommit };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    await sql`ROLLBACK TO SAVEPOINT occurrence`.execute(tx);
    if (error instanceof InsufficientFundsError) return { outcome: 'skipped', reason: 'balance' };
    // Cash, a bank deposit or a mobile wallet payout during an account recovery's cooling-off: refused as by hand.
    if (error.status === 403) return { outcome: 'skipped', reason: 'frozen' };
    // The lifecycle's other refusals of a send to this person (a recipient who became the sender, closed, a payout
    // to a recipient under review...).
    return { outcome: 'skipped', reason: 'recipient' };
  }
}

/**
 * The customer is told of a date that did not send, with the occurrence's record (so once): missed, or refused
 * with its reason. A date they paused or skipped themselves is not news to them.
 */
async function tellOfUnsent(tx: Tx<Database>, row: ScheduleRow, date: string, handled: Recorded): Promise<void> {
  const facts = { schedule: row.id, date, amount: row.amount_minor, currency: 'MAD', name: row.recipient_first_name };
  if (handled.outcome === 'missed')
    await notify(tx, { userId: row.user_id, kind: 'schedule_missed', transactionId: null, params: facts });
  else if (handled.outcome === 'skipped' && handled.reason !== 'paused' && handled.reason !== 'asked')
    await notify(tx, {
      userId: row.user_id,
      kind: 'schedule_skipped',
      transactionId: null,
      params: { ...facts, reason: handled.reason },
    });
}

/** Whether `date` is already past the catch-up window at `now`. */
const missedAt = (row: ScheduleRow, date: string, now: Date) =>
  now.getTime() - startOfDayIn(date, row.time_zone).getTime() > CATCH_UP_MS;

/**
 * What the partner says of the due date of `row` (read without a lock) if it is to be sent by a way that asks one
 * (a bank deposit's name check), asked before the schedule's lock and outside any database transaction: a network
 * call never holds a row lock. Null when nothing is to be asked.
 */
async function checkBeforeLock(deps: ServiceDeps, row: ScheduleRow, now: Date): Promise<PartnerCheck | null> {
  const date = row.next_date;
  if (date === null || row.paused || row.skip_date === date || missedAt(row, date, now)) return null;
  if (row.delivery !== 'bank_deposit') return null;
  const contact = await recipientNow(deps.db, deps, row);
  if (contact === null) return null;
  return partnerCheck(deps, {
    senderId: row.user_id,
    contact,
    amount: money('MAD', BigInt(row.amount_minor)),
    delivery: row.delivery,
    confirmPayee: row.confirm_payee,
  });
}

/**
 * The due date of the locked schedule `row`, handled: missed past the catch-up window, skipped while paused or
 * when the customer asked, else sent (or refused), a payout by the partner's answer `checked` asked before the lock.
 * Records it and moves the schedule to its next date.
 */
export async function handleDue(
  tx: Tx<Database>,
  deps: ServiceDeps,
  row: ScheduleRow,
  now: Date,
  screening: RecipientScreening | null,
  checked: PartnerCheck | null = null,
): Promise<Handled> {
  const date = row.next_date;
  if (date === null) throw new Error(`schedule ${row.id} has no due date`);
  // A closed account's schedules end with it (the closure cancels them; this holds for one closed by other means).
  if ((await ownerState(tx, row.user_id))?.closed !== false) {
    await updateSchedule(tx, row.id, { cancelledAt: now });
    return { outcome: 'ended' };
  }
  let handled: Recorded;
  if (missedAt(row, date, now)) handled = { outcome: 'missed' };
  else if (row.paused) handled = { outcome: 'skipped', reason: 'paused' };
  else if (row.skip_date === date) handled = { outcome: 'skipped', reason: 'asked' };
  else handled = await sendOccurrence(tx, deps, row, date, screening, checked);
  const recorded = await recordOccurrence(tx, {
    scheduleId: row.id,
    date,
    outcome: handled.outcome,
    reason: handled.outcome === 'skipped' ? handled.reason : null,
    transactionId: handled.outcome === 'sent' ? handled.transactionId : null,
  });
  if (recorded) await tellOfUnsent(tx, row, date, handled);
  await updateSchedule(tx, row.id, {
    nextDate: dateAfter(row, date),
    ...(row.skip_date !== null && row.skip_date <= date && { skipDate: null }),
  });
  return handled;
}

/**
 * One pass: every occurrence due at `now` (the database's clock, as the other sweeps), one database transaction
 * each, until none is left. A schedule whose handling fails is logged and passed over until the next pass. Each is
 * read first without a lock and the partner asked what its way needs, then locked if still due at that date (else
 * another pass has it), and handled with that answer.
 */
export async function runSchedulesPass(
  deps: ServiceDeps,
  hooks: { onFailure?: (scheduleId: string, error: unknown) => void; shouldStop?: () => boolean } = {},
): Promise<PassOutcome> {
  const outcome: PassOutcome = { sent: 0, skipped: 0, missed: 0, reminded: 0, failed: [] };
  const now = deps.clock.now();
  // Schedules another pass holds or has moved on, or whose recipient changed after the partner was asked: the
  // next pass takes them (this one would only find them held or ask again).
  const passedOver: string[] = [];
  while (!hooks.shouldStop?.()) {
    let current: string | undefined;
    try {
      const due = await peekNextDue(deps.db, now, [...outcome.failed, ...passedOver]);
      if (!due?.next_date) break;
      const date = due.next_date;
      current = due.id;
      const checked = await checkBeforeLock(deps, due, now);
      const handled = await withTransaction(deps.db, async (tx) => {
        const row = await lockDue(tx, due.id, date, now);
        if (!row) return null;
        // The recipient against the lists in force, as a hand-made send (kept on the contact per lists' version). A
        // recipient no longer on file is the date's refusal; any other failure (the database) fails this pass for the
        // schedule, so the date stays due and the next pass sends it, never a refusal recorded for good.
        const screening = await screenRecipient(deps, row.contact_id, { reviewHit: false }).catch((error: unknown) => {
          if (error instanceof RecipientGoneError) return null;
          throw error;
        });
        return handleDue(tx, deps, row, now, screening, checked);
      });
      if (handled === null) {
        passedOver.push(due.id);
        continue;
      }
      // What a hand-made send of this way does after its commit (the pickup's SMS, the wallet operator's request).
      if (handled.outcome === 'sent') handled.afterCommit?.();
      if (handled.outcome !== 'ended') outcome[handled.outcome] += 1;
    } catch (error) {
      if (current === undefined) throw error;
      if (error instanceof StalePartnerCheck) {
        passedOver.push(current);
        continue;
      }
      outcome.failed.push(current);
      hooks.onFailure?.(current, error);
    }
  }
  // Then the reminders of the dates two days ahead (a date just handled is no longer the one to remind).
  outcome.reminded = await remindDue(deps, now, {
    ...hooks,
    onFailure: (id, error) => {
      outcome.failed.push(id);
      hooks.onFailure?.(id, error);
    },
  });
  return outcome;
}

/** The scheduler in the worker: a pass every `intervalMs` (a minute), the next one after the last has ended. */
export function startScheduler(deps: ServiceDeps, log: WorkerLog, intervalMs = 60_000): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runSchedulesPass(deps, {
      shouldStop: () => stopped,
      onFailure: (id, error) => log.error({ schedule: id, reason: reasonOf(error) }, 'schedule: an occurrence failed'),
    })
      .then(
        (done) => {
          if (done.sent + done.skipped + done.missed + done.reminded > 0)
            log.info(done, 'schedules: occurrences handled');
        },
        (error: unknown) => log.error({ reason: reasonOf(error) }, 'schedules: the pass failed'),
      )
      .then(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
