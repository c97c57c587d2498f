import { describe, expect, it } from 'vitest';
import { parseCron, previousFire } from './cron.ts';

const at = (iso: string) => new Date(iso);
const previous = (expr: string, now: string) => {
  const schedule = parseCron(expr);
  if (!schedule) throw new Error(`bad ${expr}`);
  return previousFire(schedule, at(now))?.toISOString();
};

describe('cron', () => {
  it('refuses what is not the 5-field form', () => {
    for (const bad of [
      '',
      '0 0 * *',
      '60 0 * * *',
      '0 24 * * *',
      '0 0 0 * *',
      '0 0 * 13 *',
      '0 0 * * 8',
      'a b c d e',
      '5-1 * * * *',
      '*/0 * * * *',
      '0 0 * * MON',
    ]) {
      expect(parseCron(bad), bad).toBeUndefined();
    }
  });

  it('finds the latest slot at or before now, in UTC', () => {
    expect(previous('0 0 * * *', '2026-11-23T13:45:10Z')).toBe('2026-11-23T00:00:00.000Z');
    expect(previous('0 0 * * *', '2026-11-23T00:00:00Z')).toBe('2026-11-23T00:00:00.000Z');
    expect(previous('30 2 * * *', '2026-11-23T01:00:00Z')).toBe('2026-11-22T02:30:00.000Z');
    expect(previous('*/15 * * * *', '2026-11-23T10:44:59Z')).toBe('2026-11-23T10:30:00.000Z');
    expect(previous('0 6,18 * * *', '2026-11-23T17:59:00Z')).toBe('2026-11-23T06:00:00.000Z');
    expect(previous('0 0 1 * *', '2026-11-23T10:00:00Z')).toBe('2026-11-01T00:00:00.000Z');
    // 2026-11-23 is a Monday: Sunday (0 or 7) is the 22nd.
    expect(previous('0 0 * * 7', '2026-11-23T10:00:00Z')).toBe('2026-11-22T00:00:00.000Z');
    expect(previous('0 0 * * 1-5', '2026-11-22T10:00:00Z')).toBe('2026-11-20T00:00:00.000Z');
    // Both day fields restricted: either matches (the 15th, or any Monday).
    expect(previous('0 0 15 * 1', '2026-11-22T10:00:00Z')).toBe('2026-11-16T00:00:00.000Z');
    expect(previous('0 0 29 2 *', '2026-11-22T10:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
  });
});
