import { describe, expect, it } from 'vitest';
import { dateQuery, isCalendarDay } from './transactions.ts';

describe('dateQuery: a day that exists', () => {
  it('refuses a day the calendar does not have instead of rolling it over', () => {
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-2-01')).toBe(false);
    expect(dateQuery.safeParse('2026-02-30').success).toBe(false);
  });

  it('takes every real day, leap days included', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-12-31')).toBe(true);
    expect(dateQuery.parse('2026-01-01')).toBe('2026-01-01');
  });
});
