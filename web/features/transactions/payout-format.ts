import { dateTimeFormat } from '../../ui/intl-format';

/**
 * A calendar day the server gives as yyyy-mm-dd (an expected arrival), in words: read at noon UTC and formatted
 * in UTC, so no time zone of the browser moves it to the day before or after.
 */
export function formatCalendarDay(day: string, locale: string): string {
  const time = Date.parse(`${day}T12:00:00Z`);
  if (Number.isNaN(time)) return day;
  return dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(time);
}
