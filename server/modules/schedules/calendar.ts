import type { ScheduleFrequency } from '../../../common/api/schedules.ts';
import type { Country } from '../../../common/identity/phone.ts';

/**
 * The dates of a schedule, as calendar days (YYYY-MM-DD) with no time zone: the zone only says when a date falls
 * due (its 00:00 there). Pure, so the API's `next_occurrences` and the scheduler read the same calendar.
 */
export interface Cadence {
  frequency: ScheduleFrequency;
  /** 1-28 or 'last' for a monthly schedule; null otherwise (weekly ones repeat the start date's weekday). */
  day: string | null;
  start_date: string;
  end_date: string | null;
  count: number | null;
}

const DAY_MS = 86_400_000;
const asUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const asDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => asDate(asUtc(date) + days * DAY_MS);

function monthly(year: number, month: number, day: string): string {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return asDate(Date.UTC(year, month, day === 'last' ? last : Number(day)));
}

/** The `index`-th date (from 0) of the schedule, ignoring its end. */
function nth(cadence: Cadence, index: number): string {
  if (cadence.frequency !== 'monthly')
    return addDays(cadence.start_date, index * (cadence.frequency === 'weekly' ? 7 : 14));
  const start = new Date(asUtc(cadence.start_date));
  const day = cadence.day ?? 'last';
  // The first date is in the start's month when that month's day is not before the start, else in the next one.
  const first = monthly(start.getUTCFullYear(), start.getUTCMonth(), day) >= cadence.start_date ? 0 : 1;
  return monthly(start.getUTCFullYear(), start.getUTCMonth() + first + index, day);
}

/** The schedule's dates from `from` on (inclusive), at most `limit` of them, within its end date or count. */
export function datesFrom(cadence: Cadence, from: string, limit: number): string[] {
  const dates: string[] = [];
  for (let index = 0; dates.length < limit; index++) {
    if (cadence.count !== null && index >= cadence.count) break;
    const date = nth(cadence, index);
    if (cadence.end_date !== null && date > cadence.end_date) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

/** The first date of the schedule after `date`, or null when it has run out. */
export const dateAfter = (cadence: Cadence, date: string): string | null =>
  datesFrom(cadence, addDays(date, 1), 1)[0] ?? null;

/**
 * The customer's time zone, from their country: a schedule's date falls due at 00:00 there. A customer with no
 * country yet lives in Europe for this corridor; Paris stands for it. The United States have several zones: the
 * eastern one is the earliest a date can fall due on the mainland, so a transfer is never late there.
 */
const zoneOfCountry: Partial<Record<Country, string>> = { FR: 'Europe/Paris', MA: 'Africa/Casablanca', US: 'America/New_York' };
export const timeZoneOf = (country: string | null): string =>
  (country !== null && country in zoneOfCountry ? zoneOfCountry[country as Country] : undefined) ?? 'Europe/Paris';
