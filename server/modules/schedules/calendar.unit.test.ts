import { describe, expect, it } from 'vitest';
import { dateAfter, datesFrom, timeZoneOf, type Cadence } from './calendar.ts';

const cadence = (over: Partial<Cadence>): Cadence => ({
  frequency: 'monthly',
  day: '1',
  start_date: '2027-01-15',
  end_date: null,
  count: null,
  ...over,
});

describe('schedule calendar', () => {
  it('a monthly day before the start begins the next month; after it, the same month', () => {
    expect(datesFrom(cadence({ day: '1' }), '2027-01-01', 3)).toEqual(['2027-02-01', '2027-03-01', '2027-04-01']);
    expect(datesFrom(cadence({ day: '20' }), '2027-01-01', 2)).toEqual(['2027-01-20', '2027-02-20']);
    expect(datesFrom(cadence({ day: '15' }), '2027-01-01', 1)).toEqual(['2027-01-15']);
  });

  it('the last day follows the month, leap years included', () => {
    expect(datesFrom(cadence({ day: 'last', start_date: '2028-01-31' }), '2028-01-01', 4)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('weekly and biweekly repeat the start weekday; the end date and the count end it', () => {
    const weekly = cadence({ frequency: 'weekly', day: null, start_date: '2027-03-01', end_date: '2027-03-15' });
    expect(datesFrom(weekly, '2027-01-01', 10)).toEqual(['2027-03-01', '2027-03-08', '2027-03-15']);
    const biweekly = cadence({ frequency: 'biweekly', day: null, start_date: '2027-12-20', count: 2 });
    expect(datesFrom(biweekly, '2027-01-01', 10)).toEqual(['2027-12-20', '2028-01-03']);
    expect(dateAfter(biweekly, '2028-01-03')).toBeNull();
    expect(dateAfter(biweekly, '2027-12-20')).toBe('2028-01-03');
  });

  it('takes the time zone of the customer’s country, Paris when none', () => {
    expect(timeZoneOf('MA')).toBe('Africa/Casablanca');
    expect(timeZoneOf('FR')).toBe('Europe/Paris');
    expect(timeZoneOf(null)).toBe('Europe/Paris');
  });
});
