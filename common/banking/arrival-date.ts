import { dayAround } from '../time/time-zone.ts';

/**
 * When a bank deposit reaches a Moroccan account. The partner bank executes the day's file on a Moroccan working
 * day (Monday to Friday, not a public holiday) when it has it before the cut-off time, Moroccan time; the
 * interbank clearing (SIMT) then credits the recipient's bank the next working day. So a deposit sent on Friday
 * after the cut-off is executed on Monday and arrives on Tuesday, later still around a holiday.
 *
 * Holidays are configuration: the fixed civil ones are listed below, but the religious ones follow the lunar
 * calendar and are announced each year, so the operator's list adds them (and any exceptional closure).
 */
export const MOROCCO_TIME_ZONE = 'Africa/Casablanca';

/** Fixed-date public holidays of Morocco, as MM-DD. */
export const MOROCCAN_FIXED_HOLIDAYS: readonly string[] = [
  '01-01', // New Year
  '01-11', // Proclamation of Independence
  '01-14', // Amazigh New Year
  '05-01', // Labour Day
  '07-30', // Throne Day
  '08-14', // Oued Ed-Dahab Day
  '08-20', // Revolution of the King and the People
  '08-21', // Youth Day
  '10-31', // Unity Day
  '11-06', // Green March
  '11-18', // Independence Day
];

export interface PayoutCalendar {
  /** The partner bank's cut-off, Moroccan time, as minutes after midnight (16:00 is 960). */
  cutOffMinutes: number;
  /** Other closed days, YYYY-MM-DD: the religious holidays of the year and any exceptional closure. */
  holidays: readonly string[];
  /** Working days between execution and the credit on the recipient's account (1 through the clearing). */
  settlementDays: number;
}

export interface ArrivalDates {
  /** The working day the partner bank executes the deposit (the file's requested execution date). */
  executionDate: string;
  /** The working day the money is on the recipient's account: shown to the sender. */
  arrivalDate: string;
}

const nextDay = (date: string): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function isMoroccanWorkingDay(date: string, holidays: readonly string[]): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !MOROCCAN_FIXED_HOLIDAYS.includes(date.slice(5)) && !holidays.includes(date);
}

/** The first working day on or after `date`. */
function workingDayFrom(date: string, holidays: readonly string[]): string {
  let day = date;
  while (!isMoroccanWorkingDay(day, holidays)) day = nextDay(day);
  return day;
}

export function expectedArrival(sentAt: Date, calendar: PayoutCalendar): ArrivalDates {
  const { date, start } = dayAround(sentAt, MOROCCO_TIME_ZONE);
  const minutes = (sentAt.getTime() - start.getTime()) / 60_000;
  const beforeCutOff = isMoroccanWorkingDay(date, calendar.holidays) && minutes < calendar.cutOffMinutes;
  const executionDate = beforeCutOff ? date : workingDayFrom(nextDay(date), calendar.holidays);
  let arrivalDate = executionDate;
  for (let i = 0; i < calendar.settlementDays; i++) arrivalDate = workingDayFrom(nextDay(arrivalDate), calendar.holidays);
  return { executionDate, arrivalDate };
}
