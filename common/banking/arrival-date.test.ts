import { describe, expect, it } from 'vitest';
import { expectedArrival, isMoroccanWorkingDay, type PayoutCalendar } from './arrival-date.ts';

// Morocco keeps UTC+1 all year except during Ramadan (UTC+0): 2026-11-30 15:59 in Casablanca is 14:59Z.
const calendar: PayoutCalendar = { cutOffMinutes: 16 * 60, holidays: ['2026-12-08'], settlementDays: 1 };
const at = (iso: string) => new Date(iso);

describe('expected arrival of a bank deposit', () => {
  it('before the cut-off on a working day: executed that day, credited the next working day', () => {
    expect(expectedArrival(at('2026-11-30T14:59:00Z'), calendar)).toEqual({
      executionDate: '2026-11-30',
      arrivalDate: '2026-12-01',
    });
  });

  it('at or after the cut-off, Moroccan time: executed the next working day', () => {
    expect(expectedArrival(at('2026-11-30T15:00:00Z'), calendar)).toEqual({
      executionDate: '2026-12-01',
      arrivalDate: '2026-12-02',
    });
  });

  it('Friday after the cut-off and the weekend: Monday, then Tuesday', () => {
    expect(expectedArrival(at('2026-12-04T16:30:00Z'), calendar)).toEqual({
      executionDate: '2026-12-07',
      arrivalDate: '2026-12-09',
    });
    expect(expectedArrival(at('2026-12-05T09:00:00Z'), calendar).executionDate).toBe('2026-12-07');
  });

  it('skips the configured holidays and the fixed civil ones', () => {
    // 2026-12-08 is configured closed: Monday's deposit arrives Wednesday.
    expect(expectedArrival(at('2026-12-07T10:00:00Z'), calendar).arrivalDate).toBe('2026-12-09');
    expect(expectedArrival(at('2026-12-07T10:00:00Z'), { ...calendar, holidays: [] }).arrivalDate).toBe('2026-12-08');
    // Green March (6 November, a Friday in 2026) then the weekend.
    expect(expectedArrival(at('2026-11-05T10:00:00Z'), calendar)).toEqual({
      executionDate: '2026-11-05',
      arrivalDate: '2026-11-09',
    });
    expect(isMoroccanWorkingDay('2027-01-11', [])).toBe(false);
    expect(isMoroccanWorkingDay('2027-01-12', [])).toBe(true);
  });

  it('late evening in UTC can already be the next Moroccan day', () => {
    // 23:30Z on Thursday is 00:30 on Friday in Casablanca (UTC+1): Friday before the cut-off.
    expect(expectedArrival(at('2026-12-03T23:30:00Z'), calendar).executionDate).toBe('2026-12-04');
  });
});
