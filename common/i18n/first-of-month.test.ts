import { describe, expect, it } from 'vitest';
import { dateFormat } from './first-of-month.ts';

describe('the first of the month in French', () => {
  it('is written 1er with a month in letters, and left alone otherwise', () => {
    const first = new Date('2026-12-01T12:00:00Z');
    const long = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    expect(dateFormat('fr-FR', long).format(first)).toBe('1er décembre 2026');
    expect(
      dateFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date('2026-11-01T09:00:00Z')),
    ).toBe('1er nov.');
    expect(dateFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(first)).toBe(
      '1er décembre 2026 à 12:00',
    );
    expect(dateFormat('fr-FR', long).format(new Date('2026-12-11T12:00:00Z'))).toBe('11 décembre 2026');
    expect(dateFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(first)).toBe('01/12');
    expect(dateFormat('en-GB', long).format(first)).toBe('1 December 2026');
  });
});
