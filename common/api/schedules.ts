import { z } from 'zod';
import type { Country } from '../identity/phone.ts';
import { amountSchema } from '../money/amount-schema.ts';
import { sixDigitsSchema } from './auth.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { isCalendarDay, idSchema } from './transactions.ts';
import { securityCodeErrors } from './users.ts';

/**
 * Recurring transfers (ADR 024): `POST /api/schedules/` makes a standing order (the security code is asked once,
 * there: it is the mandate), `GET /api/schedules/` lists the caller's, `GET /api/schedules/{id}/` shows one with its
 * next dates and what became of the past ones, `PATCH` pauses, resumes, skips the next date or changes the amount
 * (the code again), `DELETE` cancels. Another customer's schedule is a 404. Dates are calendar days in the
 * customer's time zone (their country's): a date falls due at 00:00 there.
 */

export const scheduleFrequencies = ['weekly', 'biweekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];
/**
 * How each date pays out, as a hand-made send of that way: the recipient's wallet (or the wait for their
 * registration), cash at any agency (a reference by SMS each date), their bank account (RIB), their mobile wallet.
 */
export const scheduleDeliveries = ['wallet', 'cash_pickup', 'bank_deposit', 'mobile_wallet'] as const;
export type ScheduleDelivery = (typeof scheduleDeliveries)[number];

export const scheduleMessages = {
  frequency: 'Choose weekly, biweekly or monthly.',
  day: 'Choose a day of the month from 1 to 28, or the last day.',
  dayNotMonthly: 'A day of the month is for a monthly schedule only.',
  date: 'Enter a date as YYYY-MM-DD.',
  startInPast: 'The first transfer cannot be before today.',
  endBeforeStart: 'The end date must be on or after the start date.',
  endAndCount: 'Give an end date or a number of transfers, not both.',
  count: 'Enter a number of transfers from 1 to 520.',
  delivery: 'This recipient cannot receive a scheduled transfer this way.',
  nothingToChange: 'Send paused, amount or skip_next.',
  cancelled: 'This schedule is cancelled.',
  customersOnly: 'Scheduled transfers are for customers.',
} as const;

/** The reasons an occurrence did not send, as the API names them. */
export const skipReasons = ['balance', 'limit', 'frozen', 'recipient', 'paused', 'asked'] as const;
export type SkipReason = (typeof skipReasons)[number];

export const MAX_SCHEDULE_COUNT = 520;

/**
 * The customer's time zone, from their country: a schedule's date falls due at 00:00 there, and "today" (the
 * earliest start) is that zone's: each country of residence has one (a new country cannot be added without it). A
 * customer with no country yet lives in Europe for this corridor; Paris stands for it. Where a country spans
 * several zones its capital's stands for it; the United States' eastern one is the earliest a date can fall due
 * on the mainland, so a transfer is never late there.
 */
const zoneOfCountry: Record<Country, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
  MA: 'Africa/Casablanca',
  US: 'America/New_York',
};
export const timeZoneOf = (country: string | null): string =>
  (country !== null && country in zoneOfCountry ? zoneOfCountry[country as Country] : undefined) ?? 'Europe/Paris';

const dateField = z.string({ message: scheduleMessages.date }).refine(isCalendarDay, scheduleMessages.date);

export const createScheduleRequestSchema = z
  .object({
    contact: idSchema,
    amount: amountSchema('MAD'),
    delivery: z.enum(scheduleDeliveries, { message: scheduleMessages.delivery }).default('wallet'),
    /** A bank deposit's: send even though the recipient's bank does not confirm the holder's name. */
    confirm_payee: z.boolean().optional(),
    frequency: z.enum(scheduleFrequencies, { message: scheduleMessages.frequency }),
    day: z
      .union(
        [
          z.number().int(scheduleMessages.day).min(1, scheduleMessages.day).max(28, scheduleMessages.day),
          z.literal('last'),
        ],
        { message: scheduleMessages.day },
      )
      .optional(),
    start_date: dateField,
    end_date: dateField.optional(),
    count: z
      .number({ message: scheduleMessages.count })
      .int(scheduleMessages.count)
      .min(1, scheduleMessages.count)
      .max(MAX_SCHEDULE_COUNT, scheduleMessages.count)
      .optional(),
    security_code: sixDigitsSchema(securityCodeErrors.invalid),
  })
  .superRefine((body, ctx) => {
    if (body.frequency === 'monthly' && body.day === undefined)
      ctx.addIssue({ code: 'custom', path: ['day'], message: scheduleMessages.day });
    if (body.frequency !== 'monthly' && body.day !== undefined)
      ctx.addIssue({ code: 'custom', path: ['day'], message: scheduleMessages.dayNotMonthly });
    if (body.end_date !== undefined && body.count !== undefined)
      ctx.addIssue({ code: 'custom', path: ['count'], message: scheduleMessages.endAndCount });
    if (body.end_date !== undefined && body.end_date < body.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: scheduleMessages.endBeforeStart });
  });
export type CreateScheduleRequest = z.input<typeof createScheduleRequestSchema>;
export type CreateScheduleBody = z.output<typeof createScheduleRequestSchema>;

/** `PATCH /api/schedules/{id}/`: any of the three; a new amount needs the security code. */
export const updateScheduleRequestSchema = z
  .object({
    paused: z.boolean().optional(),
    skip_next: z.literal(true).optional(),
    amount: amountSchema('MAD').optional(),
    security_code: sixDigitsSchema(securityCodeErrors.invalid).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.paused === undefined && body.skip_next === undefined && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['paused'], message: scheduleMessages.nothingToChange });
    if (body.amount !== undefined && body.security_code === undefined)
      ctx.addIssue({ code: 'custom', path: ['security_code'], message: securityCodeErrors.invalid });
  });
export type UpdateScheduleRequest = z.input<typeof updateScheduleRequestSchema>;
export type UpdateScheduleBody = z.output<typeof updateScheduleRequestSchema>;

export const occurrenceSchema = z.object({
  date: z.string(),
  outcome: z.enum(['sent', 'skipped', 'missed']),
  reason: z.enum(skipReasons).nullable(),
  transaction: z.number().int().nullable(),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  contact: z.number().int(),
  recipient_first_name: z.string(),
  recipient_last_name: z.string(),
  amount: z.string(),
  currency: z.literal('MAD'),
  delivery: z.enum(scheduleDeliveries),
  frequency: z.enum(scheduleFrequencies),
  day: z.union([z.number().int(), z.literal('last')]).nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  count: z.number().int().nullable(),
  time_zone: z.string(),
  state: z.enum(['active', 'paused', 'finished', 'cancelled']),
  /** The next date it will send on (a date being skipped is not it); null when none is left. */
  next_date: z.string().nullable(),
  skip_date: z.string().nullable(),
  created_at: z.string(),
  /** The detail only: the next dates (up to 5) and the past ones, newest first (up to 24). */
  next_occurrences: z.array(z.string()).optional(),
  occurrences: z.array(occurrenceSchema).optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const schedulesQuerySchema = pageQuerySchema;
export const schedulesPageSchema = pagedResponseSchema(scheduleSchema);
export type SchedulesPage = z.infer<typeof schedulesPageSchema>;
export const scheduleIdParamsSchema = z.object({ id: idSchema });

/**
 * `GET /api/ops/customers/{id}/schedules/`: a customer's schedules as support sees them (newest first, up to 50),
 * each with its past dates (newest first, up to 24): what was sent, skipped and why, missed.
 */
export const opsCustomerSchedulesSchema = z.object({
  count: z.number().int(),
  results: z.array(scheduleSchema.required({ occurrences: true })),
});
export type OpsCustomerSchedules = z.infer<typeof opsCustomerSchedulesSchema>;
