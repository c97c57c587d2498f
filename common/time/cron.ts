/**
 * The 5-field cron form of LIABILITIES_SNAPSHOT_CRON, in UTC: `minute hour day-of-month month day-of-week`, each
 * field `*`, a number, a range `a-b`, a step `*\/n` or `a-b/n`, or a comma list of those (day of week 0-7, 0 and 7
 * are Sunday). No names (JAN, MON) and no `L`/`W`/`#`. As in cron, when both day fields are restricted a day
 * matches either.
 */

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const bounds: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Set<number> | undefined {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
    if (!match) return undefined;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return undefined;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** The schedule, or undefined when the text is not the form above. */
export function parseCron(text: string): CronSchedule | undefined {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const sets = fields.map((field, i) => parseField(field, bounds[i] ?? [0, 0]));
  const [minutes, hours, days, months, weekdays] = sets;
  if (!minutes || !hours || !days || !months || !weekdays) return undefined;
  if (weekdays.has(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    dayRestricted: fields[2] !== '*',
    weekdayRestricted: fields[4] !== '*',
  };
}

function dayMatches(s: CronSchedule, date: Date): boolean {
  if (!s.months.has(date.getUTCMonth() + 1)) return false;
  const day = s.days.has(date.getUTCDate());
  const weekday = s.weekdays.has(date.getUTCDay());
  if (s.dayRestricted && s.weekdayRestricted) return day || weekday;
  return day && weekday;
}

const maxOf = (set: Set<number>, atMost: number) => Math.max(-1, ...[...set].filter((v) => v <= atMost));

/** The latest time at or before `now` (to the minute) that the schedule names; undefined if none in 5 years. */
export function previousFire(s: CronSchedule, now: Date): Date | undefined {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let back = 0; back <= 366 * 5; back++) {
    const day = new Date(today - back * 86_400_000);
    if (!dayMatches(s, day)) continue;
    const lastHour = back === 0 ? now.getUTCHours() : 23;
    for (let hour = maxOf(s.hours, lastHour); hour >= 0; hour = maxOf(s.hours, hour - 1)) {
      const lastMinute = back === 0 && hour === now.getUTCHours() ? now.getUTCMinutes() : 59;
      const minute = maxOf(s.minutes, lastMinute);
      if (minute >= 0) return new Date(day.getTime() + hour * 3_600_000 + minute * 60_000);
    }
  }
  return undefined;
}
