import { describe, expect, it } from 'vitest';
import { money } from './money';
import { formatLocaleAmount, formatLocaleMoney, parseLocaleAmount } from './locale-amount';
import type { LocaleAmountError } from './locale-amount';

// What people type, per language, and what it must mean (minor units) or why it is refused. The app's locales:
// fr-FR, en-US, ar-MA (web/i18n/intl-locale.ts).
type Row = [typed: string, expected: bigint | LocaleAmountError];

const common: Row[] = [
  ['150', 150_00n],
  ['150,5', 150_50n],
  ['150.5', 150_50n],
  ['0,05', 5n],
  [',5', 50n],
  ['1 000', 1000_00n],
  ['1\u202F000,50', 1000_50n],
  ['١٥٠', 150_00n],
  ['٢٠٠٠٫٥٠', 2000_50n],
  ['۱۵۰', 150_00n],
  ['1,000.50', 1000_50n],
  ['1.000,50', 1000_50n],
  ['1 000 000', 1_000_000_00n],
  ['', 'empty'],
  ['   ', 'empty'],
  ['0', 'not_positive'],
  ['-5', 'not_positive'],
  ['12,345', 'too_many_decimals'],
  ['1,5.5', 'invalid'],
  ['abc', 'invalid'],
  ['10 €', 'invalid'],
  ['1 00', 'invalid'],
  ['.', 'invalid'],
  ['1.2.3,4', 'invalid'],
];

const table: Record<string, Row[]> = {
  'fr-FR': [
    ...common.filter(([typed]) => typed !== '12,345'),
    ['2 000,50', 2000_50n],
    ['2,000', 'ambiguous'],
    ['2.000', 'ambiguous'],
    ['12,345', 'ambiguous'],
    ['2,00', 2_00n],
  ],
  'en-US': [...common.filter(([typed]) => typed !== '12,345'), ['2,000.50', 2000_50n], ['2,000', 2000_00n], ['2.000', 'ambiguous'], ['2,50', 2_50n], ['12,345', 12345_00n]],
  'ar-MA': [
    ...common.filter(([typed]) => typed !== '12,345'),
    ['2.000,50', 2000_50n],
    ['2.000', 2000_00n],
    ['2,000', 'ambiguous'],
    ['١٬٠٠٠٫٥', 1000_50n],
    ['١٫٥,٥', 'ambiguous'],
  ],
};

describe('parseLocaleAmount', () => {
  for (const [locale, rows] of Object.entries(table)) {
    it.each(rows)(`${locale}: %j`, (typed, expected) => {
      const parsed = parseLocaleAmount(typed, locale, 'MAD');
      if (typeof expected === 'bigint') expect(parsed).toEqual({ ok: true, value: money('MAD', expected) });
      else expect(parsed).toEqual({ ok: false, error: expected });
    });
  }
});

describe('formatLocaleAmount and formatLocaleMoney', () => {
  it.each([
    ['fr-FR', '1\u202F605,00', '1\u202F605,00\u00A0MAD'],
    ['en-US', '1,605.00', 'MAD\u00A01,605.00'],
    ['ar-MA', '1.605,00', '\u200F1.605,00\u00A0MAD'],
    // Issue 21: the diaspora's locales. Dutch puts the code before the amount (GLOSSARY.md), the others after;
    // Spanish and Italian group only from five digits (CLDR's minimum grouping).
    ['es-ES', '1605,00', '1605,00\u00A0MAD'],
    ['it-IT', '1605,00', '1605,00\u00A0MAD'],
    ['nl-NL', '1.605,00', 'MAD\u00A01.605,00'],
    ['de-DE', '1.605,00', '1.605,00\u00A0MAD'],
  ])('%s writes 1605 MAD as %j, %j', (locale, amount, withCurrency) => {
    expect(formatLocaleAmount(money('MAD', 1605_00n), locale)).toBe(amount);
    expect(formatLocaleMoney(money('MAD', 1605_00n), locale)).toBe(withCurrency);
  });

  it('writes euros in Dutch with the code first too: EUR 1.005,00 (issue 21)', () => {
    expect(formatLocaleMoney(money('EUR', 1005_00n), 'nl-NL')).toBe('EUR\u00A01.005,00');
    expect(formatLocaleMoney(money('EUR', 1005_00n), 'de-DE')).toBe('1.005,00\u00A0EUR');
  });

  it('reads back what it writes, in every locale, for amounts of every size', () => {
    for (const locale of Object.keys(table)) {
      for (const minor of [1n, 99n, 100n, 1234_56n, 1_000_000_00n, 123_456_789_01n]) {
        const parsed = parseLocaleAmount(formatLocaleAmount(money('EUR', minor), locale), locale, 'EUR');
        expect(parsed).toEqual({ ok: true, value: money('EUR', minor) });
      }
    }
  });
});
