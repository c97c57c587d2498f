import { describe, expect, it } from 'vitest';
import { dayAround, isTimeZone, startOfDayIn } from './time-zone.ts';

describe('calendar days in a time zone', () => {
  it('knows IANA names and refuses anything else', () => {
    for (const name of ['Europe/Paris', 'Africa/Casablanca', 'UTC', 'America/New_York']) expect(isTimeZone(name)).toBe(true);
    for (const name of ['', 'Mars/Olympus', 'Europe/Paris; DROP', 'x'.repeat(65)]) expect(isTimeZone(name)).toBe(false);
  });

  it('starts a day at local midnight: winter and summer in Paris, Casablanca, New York, UTC', () => {
    expect(startOfDayIn('2025-01-15', 'UTC').toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(startOfDayIn('2025-01-15', 'Europe/Paris').toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(startOfDayIn('2025-07-15', 'Europe/Paris').toISOString()).toBe('2025-07-14T22:00:00.000Z');
    expect(startOfDayIn('2025-01-15', 'America/New_York').toISOString()).toBe('2025-01-15T05:00:00.000Z');
    expect(startOfDayIn('2025-01-15', 'Africa/Casablanca').toISOString()).toBe('2025-01-14T23:00:00.000Z');
  });

  it('gets the days of a daylight-saving change right', () => {
    // Paris moves to summer time at 02:00 on 2025-03-30 and back at 03:00 on 2025-10-26: both days start at +1/+2.
    expect(startOfDayIn('2025-03-30', 'Europe/Paris').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(startOfDayIn('2025-03-31', 'Europe/Paris').toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(startOfDayIn('2025-10-26', 'Europe/Paris').toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(startOfDayIn('2025-10-27', 'Europe/Paris').toISOString()).toBe('2025-10-26T23:00:00.000Z');
    // Santiago skips midnight (00:00 -> 01:00 on 2024-09-08): the day starts at the first instant that exists.
    expect(startOfDayIn('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it("finds the local day an instant falls on, with its start and end (a teller's 'today')", () => {
    // 23:30 UTC on 15 January is already the 16th in Paris, still the 15th in New York.
    const late = new Date('2025-01-15T23:30:00Z');
    expect(dayAround(late, 'Europe/Paris')).toEqual({
      date: '2025-01-16',
      start: new Date('2025-01-15T23:00:00Z'),
      end: new Date('2025-01-16T23:00:00Z'),
    });
    expect(dayAround(late, 'America/New_York').date).toBe('2025-01-15');
    expect(dayAround(late, 'UTC')).toEqual({
      date: '2025-01-15',
      start: new Date('2025-01-15T00:00:00Z'),
      end: new Date('2025-01-16T00:00:00Z'),
    });
    // A day of 23 hours (Paris, 2025-03-30) and the last day of a year.
    const spring = dayAround(new Date('2025-03-30T12:00:00Z'), 'Europe/Paris');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600 * 1000);
    // 23:59 UTC on 31 December is 00:59 on 1 January in Casablanca (UTC+1): the new year's day.
    expect(dayAround(new Date('2025-12-31T23:59:00Z'), 'Africa/Casablanca')).toEqual({
      date: '2026-01-01',
      start: new Date('2025-12-31T23:00:00Z'),
      end: new Date('2026-01-01T23:00:00Z'),
    });
  });
});
