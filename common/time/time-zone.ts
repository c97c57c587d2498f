/**
 * Calendar days in the customer's time zone: a date filter of 'March 3' in Paris starts at
 * 23:00 UTC on March 2 in winter. Isomorphic (Intl only): the API validates and converts, the web client sends
 * the browser's zone.
 */

/** An IANA zone name Intl knows (`Europe/Paris`, `Africa/Casablanca`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instantMs`, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(instantMs).find((p) => p.type === type)?.value ?? Number.NaN);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant the calendar day `date` (YYYY-MM-DD) begins in `timeZone`. Two estimates settle a day whose start
 * lies on the other side of a daylight-saving change; a midnight the change skips gives the first instant after.
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // The earlier estimate unless its wall time still falls on the day before (a skipped midnight).
  const [early, late] = first <= second ? [first, second] : [second, first];
  return new Date(early + offsetAt(early, timeZone) >= wall ? early : late);
}

/**
 * The calendar day (YYYY-MM-DD) `instant` falls on in `timeZone`, and the instants that day starts and ends:
 * a teller's 'today' is their agency's day, not UTC's.
 */
export function dayAround(instant: Date, timeZone: string): { date: string; start: Date; end: Date } {
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  const date = wall.toISOString().slice(0, 10);
  const next = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1));
  return { date, start: startOfDayIn(date, timeZone), end: startOfDayIn(next.toISOString().slice(0, 10), timeZone) };
}
