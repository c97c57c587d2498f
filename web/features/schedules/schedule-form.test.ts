import { describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money';
import { checkScheduleForm, emptyScheduleForm, type ScheduleFormValues } from './schedule-form';

const context = { locale: 'fr-FR', today: '2026-12-01', min: money('MAD', 100n), max: money('MAD', 2_000_000n) };
const valid: ScheduleFormValues = {
  ...emptyScheduleForm,
  contact: '12',
  amount: '1 500,00',
  frequency: 'monthly',
  day: '5',
  start_date: '2026-12-05',
  security_code: '123456',
};
const problems = (values: Partial<ScheduleFormValues>) => {
  const result = checkScheduleForm({ ...valid, ...values }, context);
  return result.ok ? [] : result.problems.map((p) => `${p.field}:${p.problem}`);
};

describe('the schedule form’s own checks', () => {
  it('builds the API body: the amount as the API writes it, the day only for a monthly schedule, the end', () => {
    expect(checkScheduleForm(valid, context)).toEqual({
      ok: true,
      body: {
        contact: 12,
        amount: '1500.00',
        delivery: 'wallet',
        frequency: 'monthly',
        day: 5,
        start_date: '2026-12-05',
        security_code: '123456',
      },
    });
    const weekly = checkScheduleForm({ ...valid, frequency: 'weekly', end: 'count', count: '12' }, context);
    expect(weekly.ok && weekly.body).toMatchObject({ frequency: 'weekly', count: 12 });
    expect(weekly.ok && 'day' in weekly.body).toBe(false);
    const last = checkScheduleForm({ ...valid, day: 'last', end: 'date', end_date: '2027-06-30' }, context);
    expect(last.ok && last.body).toMatchObject({ day: 'last', end_date: '2027-06-30' });
  });

  it('lists every problem at once, each on its field', () => {
    expect(problems({ ...emptyScheduleForm, frequency: 'monthly' })).toEqual([
      'contact:required',
      'amount:format',
      'day:required',
      'start_date:required',
      'security_code:format',
    ]);
  });

  it('refuses a start before today but takes today itself', () => {
    expect(problems({ start_date: '2026-11-30' })).toEqual(['start_date:past']);
    expect(problems({ start_date: '2026-12-01' })).toEqual([]);
  });

  it('refuses an end before the start and a number of transfers outside 1-520', () => {
    expect(problems({ end: 'date', end_date: '2026-12-04' })).toEqual(['end_date:beforeStart']);
    expect(problems({ end: 'date', end_date: '' })).toEqual(['end_date:required']);
    for (const count of ['0', '521', '2.5', '', 'abc'])
      expect(problems({ end: 'count', count })).toEqual(['count:range']);
    expect(problems({ end: 'count', count: '520' })).toEqual([]);
    // An end the user switched away from is not sent, nor checked.
    expect(problems({ end: 'none', end_date: '2020-01-01', count: '0' })).toEqual([]);
  });

  it('bounds the amount by the per-operation minimum and maximum, read as the locale writes it', () => {
    expect(problems({ amount: '0,50' })).toEqual(['amount:minimum']);
    expect(problems({ amount: '20 000,01' })).toEqual(['amount:maximum']);
    expect(problems({ amount: 'abc' })).toEqual(['amount:format']);
    expect(problems({ amount: '-5' })).toEqual(['amount:format']);
  });

  it('asks for a day of the month 1-28 or the last one, and a 6-digit code', () => {
    expect(problems({ day: '29' })).toEqual(['day:required']);
    expect(problems({ day: '' })).toEqual(['day:required']);
    expect(problems({ frequency: 'biweekly', day: '' })).toEqual([]);
    expect(problems({ security_code: '12345' })).toEqual(['security_code:format']);
  });
});
