import type { Transaction as Tx } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import {
  scheduleMessages,
  type CreateScheduleBody,
  type Occurrence,
  type OpsCustomerSchedules,
  type Schedule,
  type UpdateScheduleBody,
} from '../../../common/api/schedules.ts';
import { transactionMessages } from '../../../common/api/transactions.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { dayAround } from '../../../common/time/time-zone.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, fieldError, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent, type IdempotentResponse } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { refuseIfFrozen } from '../auth/frozen.ts';
import { getContact } from '../contacts/contacts.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { sendBounds } from '../transfers/exit-guards.ts';
import { receiveRefusal } from '../transfers/index.ts';
import { getUser } from '../users/users.service.ts';
import { requireSecurityCode } from '../users/security-code.service.ts';
import { datesFrom, timeZoneOf } from './calendar.ts';
import {
  findSchedule,
  insertSchedule,
  listOccurrences,
  listSchedules,
  updateSchedule,
  type OccurrenceRow,
  type ScheduleRow,
} from './schedules.repository.ts';

/** Scheduled transfers are a customer's; tellers, operators and auditors get 403 as on the other customer routes. */
function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden(scheduleMessages.customersOnly);
}

/**
 * The per-operation bounds of a send (TRANSFER_MIN_MAD..TRANSFER_MAX_MAD): a schedule's amount is checked against
 * them when it is set, so the customer hears of it then rather than at each date. The message, or undefined.
 */
export function amountProblem(deps: Pick<ServiceDeps, 'config'>, minor: bigint): string | undefined {
  const { min, max } = sendBounds(deps);
  if (minor < min.minor) return transactionMessages.belowMinimum(formatAmount(min));
  if (minor > max.minor) return transactionMessages.aboveMaximum(formatAmount(max));
  return undefined;
}

/** A recipient a schedule can reach: one of the customer's people (not an agency, not themselves). */
async function recipientFor(deps: ServiceDeps, user: AuthUser, id: string): Promise<Contact> {
  let contact: Contact;
  try {
    contact = await getContact(deps, user, Number(id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw fieldError('contact', transactionMessages.contactNotFound);
    throw error;
  }
  if (contact.public) throw fieldError('delivery', scheduleMessages.delivery);
  if (contact.contact_user !== null && String(contact.contact_user) === user.id)
    throw fieldError('contact', transactionMessages.yourself);
  return contact;
}

/**
 * A schedule only for a way this recipient can receive now, by the method's own rule (cash: a phone; a bank
 * deposit: a RIB, and the sender's confirmation when the bank does not confirm the name; a mobile wallet: a
 * Moroccan mobile): a 400 on `delivery` with the method's words (on `confirm_payee` for the confirmation).
 */
async function refuseUnreceivable(
  deps: ServiceDeps,
  user: AuthUser,
  contact: Contact,
  body: CreateScheduleBody,
): Promise<void> {
  const refusal = await receiveRefusal(deps, {
    senderId: user.id,
    contact,
    amount: body.amount,
    delivery: body.delivery,
    confirmPayee: body.confirm_payee === true,
  });
  if (refusal === null) return;
  const [field, messages] = Object.entries(refusal.body)[0] ?? [];
  const message = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : scheduleMessages.delivery;
  throw fieldError(field === 'confirm_payee' ? 'confirm_payee' : 'delivery', message);
}

const NEXT_SHOWN = 5;
const PAST_SHOWN = 24;

export function presentSchedule(row: ScheduleRow): Schedule {
  return {
    id: Number(row.id),
    contact: Number(row.contact_id),
    recipient_first_name: row.recipient_first_name,
    recipient_last_name: row.recipient_last_name,
    amount: formatAmount(money('MAD', BigInt(row.amount_minor))),
    currency: 'MAD',
    delivery: row.delivery,
    frequency: row.frequency,
    day: row.day === null ? null : row.day === 'last' ? 'last' : Number(row.day),
    start_date: row.start_date,
    end_date: row.end_date,
    count: row.count,
    time_zone: row.time_zone,
    state:
      row.cancelled_at !== null ? 'cancelled' : row.next_date === null ? 'finished' : row.paused ? 'paused' : 'active',
    next_date: row.cancelled_at === null ? row.next_date : null,
    skip_date: row.skip_date,
    created_at: row.created_at.toISOString(),
  };
}

async function presentDetail(db: ServiceDeps['db'], row: ScheduleRow): Promise<Schedule> {
  const base = presentSchedule(row);
  const past = await listOccurrences(db, row.id, PAST_SHOWN);
  return {
    ...base,
    next_occurrences: base.next_date === null ? [] : datesFrom(row, base.next_date, NEXT_SHOWN),
    occurrences: past.map(presentOccurrence),
  };
}

function presentOccurrence(o: OccurrenceRow): Occurrence {
  return {
    date: o.date,
    outcome: o.outcome,
    reason: o.reason,
    transaction: o.transaction_id === null ? null : Number(o.transaction_id),
  };
}

/**
 * `POST /api/schedules/`: the mandate. Its checks are a send's (customer, not frozen, amount within the bounds, a
 * recipient of theirs, the security code) plus the calendar's: the first date not before today in the customer's
 * time zone, and at least one date before its end. With an Idempotency-Key, a retry answers the first schedule.
 */
export async function createSchedule(
  deps: ServiceDeps,
  user: AuthUser,
  body: CreateScheduleBody,
  idempotencyKey: string | undefined,
): Promise<IdempotentResponse<Schedule>> {
  requireCustomer(user);
  refuseIfFrozen(user);
  const problem = amountProblem(deps, body.amount.minor);
  if (problem) throw fieldError('amount', problem);
  const contact = await recipientFor(deps, user, body.contact);
  await refuseUnreceivable(deps, user, contact, body);
  const profile = await getUser(deps.db, user.id);
  const timeZone = timeZoneOf(profile?.country ?? null);
  const today = dayAround(deps.clock.now(), timeZone).date;
  if (body.start_date < today) throw fieldError('start_date', scheduleMessages.startInPast);
  const cadence = {
    frequency: body.frequency,
    day: body.day === undefined ? null : String(body.day),
    start_date: body.start_date,
    end_date: body.end_date ?? null,
    count: body.count ?? null,
  };
  const first = datesFrom(cadence, body.start_date, 1)[0];
  if (first === undefined) throw fieldError('end_date', scheduleMessages.endBeforeStart);
  await requireSecurityCode(deps, user.id, body.security_code);
  const work = async (tx: Tx<Database>): Promise<IdempotentResponse<Schedule>> => {
    const id = await insertSchedule(tx, {
      userId: user.id,
      contactId: String(contact.id),
      amountMinor: body.amount.minor,
      delivery: body.delivery,
      confirmPayee: body.delivery === 'bank_deposit' && body.confirm_payee === true,
      frequency: cadence.frequency,
      day: cadence.day,
      startDate: cadence.start_date,
      endDate: cadence.end_date,
      count: cadence.count,
      timeZone,
      nextDate: first,
    });
    const row = await findSchedule(tx, user.id, id);
    if (!row) throw new Error(`schedule ${id} not visible to its owner`);
    return { status: 201, body: await presentDetail(tx, row) };
  };
  // The hash leaves the security code out: a stored hash of a 6-digit code would be brute-forced offline.
  const { security_code: _code, ...hashed } = body;
  return withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(
          tx,
          {
            scope: `schedules:user:${user.id}`,
            key: idempotencyKey,
            requestHash: hashRequest({ ...hashed, amount: body.amount.minor }),
          },
          () => work(tx),
        ),
  );
}

export async function schedulesPage(
  deps: ServiceDeps,
  user: AuthUser,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: Schedule[] }> {
  requireCustomer(user);
  const { count, rows } = await listSchedules(deps.db, user.id, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentSchedule) };
}

/** `GET /api/schedules/{id}/`: the caller's own, with its next dates and past occurrences; anyone else's is a 404. */
export async function getSchedule(deps: ServiceDeps, user: AuthUser, id: string): Promise<Schedule> {
  requireCustomer(user);
  const row = await findSchedule(deps.db, user.id, id);
  if (!row) throw notFound();
  return presentDetail(deps.db, row);
}

/**
 * `PATCH /api/schedules/{id}/`: pause or resume, skip the next date, change the amount (a new mandate: the security
 * code again). Under the schedule's row lock, which the scheduler takes too: a change lands before or after the
 * occurrence it races, never in the middle of it.
 */
export async function changeSchedule(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  body: UpdateScheduleBody,
): Promise<Schedule> {
  requireCustomer(user);
  if (body.amount !== undefined) {
    refuseIfFrozen(user);
    const problem = amountProblem(deps, body.amount.minor);
    if (problem) throw fieldError('amount', problem);
    if (!(await findSchedule(deps.db, user.id, id))) throw notFound();
    await requireSecurityCode(deps, user.id, body.security_code ?? '');
  }
  return withTransaction(deps.db, async (tx) => {
    const row = await findSchedule(tx, user.id, id, true);
    if (!row) throw notFound();
    if (row.cancelled_at !== null) throw badRequest(scheduleMessages.cancelled);
    await updateSchedule(tx, id, {
      paused: body.paused,
      amountMinor: body.amount?.minor,
      ...(body.skip_next === true && { skipDate: row.next_date }),
    });
    const changed = await findSchedule(tx, user.id, id);
    if (!changed) throw new Error(`schedule ${id} vanished under its lock`);
    return presentDetail(tx, changed);
  });
}

/** `DELETE /api/schedules/{id}/`: cancels it (kept with its history); cancelling twice is the same answer. */
export async function cancelSchedule(deps: ServiceDeps, user: AuthUser, id: string): Promise<void> {
  requireCustomer(user);
  await withTransaction(deps.db, async (tx) => {
    const row = await findSchedule(tx, user.id, id, true);
    if (!row) throw notFound();
    if (row.cancelled_at === null) await updateSchedule(tx, id, { cancelledAt: deps.clock.now() });
  });
}

const OPS_SHOWN = 50;

/**
 * The back-office's view of one customer's schedules (the ops guard has checked the caller): each with its past
 * dates, so support can answer "why did my transfer not go" from the skip reason. An unknown user is a 404.
 */
export async function customerSchedulesForOps(deps: ServiceDeps, customerId: string): Promise<OpsCustomerSchedules> {
  if (!(await getUser(deps.db, customerId))) throw notFound();
  const { count, rows } = await listSchedules(deps.db, customerId, { limit: OPS_SHOWN, offset: 0 });
  const results = await Promise.all(
    rows.map(async (row) => {
      const past = await listOccurrences(deps.db, row.id, PAST_SHOWN);
      return { ...presentSchedule(row), occurrences: past.map(presentOccurrence) };
    }),
  );
  return { count, results };
}
