import { describe, expect, it } from 'vitest';
import { isTimeZone, startOfDayIn } from './time-zone.ts';

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
});
