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
  // The seven languages' locales (web/i18n/intl-locale.ts; the server's pages write English as en-GB).
  it.each([
    ['fr-FR', '1\u202F605,00', '1\u202F605,00\u00A0MAD'],
    // English: the code after the number as in every language but Dutch (not en-US Intl's 'MAD 1,605.00').
    ['en-US', '1,605.00', '1,605.00\u00A0MAD'],
    ['en-GB', '1,605.00', '1,605.00\u00A0MAD'],
    // Arabic: one left-to-right unit inside right-to-left text (U+2066 … U+2069), no other direction mark.
    ['ar-MA', '1.605,00', '\u20661.605,00\u00A0MAD\u2069'],
    // The diaspora's locales. Dutch puts the code before the amount (GLOSSARY.md), the others after;
    // Spanish and Italian group only from five digits (CLDR's minimum grouping).
    ['es-ES', '1605,00', '1605,00\u00A0MAD'],
    ['it-IT', '1605,00', '1605,00\u00A0MAD'],
    ['nl-NL', '1.605,00', 'MAD\u00A01.605,00'],
    ['de-DE', '1.605,00', '1.605,00\u00A0MAD'],
  ])('%s writes 1605 MAD as %j, %j', (locale, amount, withCurrency) => {
    expect(formatLocaleAmount(money('MAD', 1605_00n), locale)).toBe(amount);
    expect(formatLocaleMoney(money('MAD', 1605_00n), locale)).toBe(withCurrency);
  });

  it.each([
    ['fr-FR', '-1\u202F005,00\u00A0EUR', '+12\u202F345\u202F678,90\u00A0EUR'],
    ['en-US', '-1,005.00\u00A0EUR', '+12,345,678.90\u00A0EUR'],
    ['ar-MA', '\u2066-1.005,00\u00A0EUR\u2069', '\u2066+12.345.678,90\u00A0EUR\u2069'],
    ['es-ES', '-1005,00\u00A0EUR', '+12.345.678,90\u00A0EUR'],
    ['it-IT', '-1005,00\u00A0EUR', '+12.345.678,90\u00A0EUR'],
    ['nl-NL', 'EUR\u00A0-1.005,00', 'EUR\u00A0+12.345.678,90'],
    ['de-DE', '-1.005,00\u00A0EUR', '+12.345.678,90\u00A0EUR'],
  ])('%s writes a movement with its sign inside the amount: %j, %j', (locale, out, big) => {
    expect(formatLocaleMoney(money('EUR', 1005_00n), locale, '-')).toBe(out);
    // Past a double's exact integers (2^53 + 1 minor units): the last cent is kept, not rounded to ...92.
    expect(formatLocaleMoney(money('EUR', 12_345_678_90n), locale, '+')).toBe(big);
    expect(formatLocaleMoney(money('EUR', 9_007_199_254_740_993n), locale)).toMatch(/547\D?409\D93/u);
  });

  it('a zero amount and one cent', () => {
    expect(formatLocaleMoney(money('MAD', 0n), 'en-US')).toBe('0.00\u00A0MAD');
    expect(formatLocaleMoney(money('MAD', 1n), 'de-DE')).toBe('0,01\u00A0MAD');
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
