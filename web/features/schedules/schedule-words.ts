import type { Schedule } from '../../../common/api/schedules';
import type { TFunction } from '../../i18n/i18n';
import { dateTimeFormat, numberFormat } from '../../ui/intl-format';

/** A calendar day (YYYY-MM-DD) as that day, whatever the browser's zone: it is read and shown at UTC. */
const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** "5 décembre 2026", "٥ ديسمبر ٢٠٢٦" as the locale writes a date (ar-MA keeps Western digits). */
export function formatDay(date: string, locale: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    asUtcDay(date),
  );
}

/** The weekday of a calendar day in the locale's words ("lundi", "Monday", "الاثنين"). */
export function weekdayOf(date: string, locale: string): string {
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(asUtcDay(date));
}

/**
 * How often a schedule sends, in words: a weekly or biweekly one on its start date's weekday, a monthly one on its
 * day (1-28) or the month's last day.
 */
export function frequencyText(
  schedule: Pick<Schedule, 'frequency' | 'day' | 'start_date'>,
  t: TFunction,
  locale: string,
): string {
  if (schedule.frequency === 'weekly')
    return t('schedules.frequency.weekly', { weekday: weekdayOf(schedule.start_date, locale) });
  if (schedule.frequency === 'biweekly')
    return t('schedules.frequency.biweekly', { weekday: weekdayOf(schedule.start_date, locale) });
  if (schedule.day === 'last' || schedule.day === null) return t('schedules.frequency.monthlyLast');
  return t('schedules.frequency.monthlyDay', { day: numberFormat(locale).format(schedule.day) });
}

/** How a schedule ends, in words: at a date, after a number of transfers, or when the customer cancels it. */
export function endText(schedule: Pick<Schedule, 'end_date' | 'count'>, t: TFunction, locale: string): string {
  if (schedule.end_date !== null) return t('schedules.detail.until', { date: formatDay(schedule.end_date, locale) });
  if (schedule.count !== null) return t('schedules.detail.times', { count: schedule.count });
  return t('schedules.detail.noEnd');
}
