import { parseDecimal, pow10 } from './decimal';
import { MINOR_DIGITS, formatAmount, money, parseAmount } from './money';
import type { AmountParseError, Currency, Money } from './money';

/**
 * Amounts as people read and type them in the active locale (fr-FR '2 000,50', en-US '2,000.50', ar-MA
 * '2.000,50', also with Arabic-Indic digits '٢٠٠٠٫٥٠'): one parser and one formatter, used by every amount field
 * and every amount shown, so what the app writes is always what it reads back. The API keeps its own format
 * ('2000.50', formatAmount/parseAmount in money.ts); these functions only sit between it and people.
 */

export interface AmountSeparators {
  decimal: string;
  group: string;
}

const separatorCache = new Map<string, AmountSeparators>();

/** The locale's own decimal and grouping marks, as Intl writes them (fr-FR groups with a narrow space). */
export function separatorsOf(locale: string): AmountSeparators {
  const known = separatorCache.get(locale);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const found = {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
  separatorCache.set(locale, found);
  return found;
}

// Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits, as Arabic keyboards type them.
const foreignDigits = /[\u0660-\u0669\u06F0-\u06F9]/g;
const latinDigit = (char: string) => String((char.codePointAt(0) ?? 0) & 0xf);
// Direction marks Intl puts around Arabic numbers, and the ones a paste may carry.
const directionMarks = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
const ARABIC_DECIMAL = '\u066B';
// Every space is a grouping space: people type a plain one where fr-FR writes a narrow no-break space.
const spaces = /[\s\u00A0\u2007\u2009\u202F]+/g;

export type LocaleAmountError = AmountParseError | 'empty' | 'ambiguous';
export type LocaleAmountParse<C extends Currency> =
  | { ok: true; value: Money<C> }
  | { ok: false; error: LocaleAmountError };

/** '1 000' or '1.000.000': the first group 1 to 3 digits, every other group exactly 3. */
function ungroup(whole: string): string | undefined {
  const groups = whole.split('|');
  if (groups.length === 1) return whole;
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group))) return undefined;
  return groups.join('');
}

/**
 * The typed text as money, or why not. Both '.' and ',' are accepted as the decimal mark; a single mark
 * followed by exactly three digits is read as grouping only when it is the locale's grouping mark ('2,000' in
 * English), and refused as ambiguous otherwise ('2,000' in French could be 2 or 2000): never silently misread.
 */
export function parseLocaleAmount<C extends Currency>(input: string, locale: string, currency: C): LocaleAmountParse<C> {
  const { group } = separatorsOf(locale);
  const text = input
    .replace(foreignDigits, latinDigit)
    .replace(directionMarks, '')
    .trim()
    .replace(spaces, ' ');
  if (text === '') return { ok: false, error: 'empty' };
  if (/^[-\u2212]/.test(text)) return { ok: false, error: 'not_positive' };
  if (!/^[\d., \u066B\u066C]+$/.test(text)) return { ok: false, error: 'invalid' };

  // Mark the decimal separator as 'D' and every grouping one as '|'.
  let marked: string;
  const count = (char: string) => text.split(char).length - 1;
  if (text.includes(ARABIC_DECIMAL)) {
    if (count(ARABIC_DECIMAL) > 1 || /[.,]/.test(text)) return { ok: false, error: 'ambiguous' };
    marked = text.replace(ARABIC_DECIMAL, 'D');
  } else {
    const lastDot = text.lastIndexOf('.');
    const lastComma = text.lastIndexOf(',');
    if (lastDot >= 0 && lastComma >= 0) {
      // Both marks: the last one is the decimal mark, and it appears once.
      const decimal = lastDot > lastComma ? '.' : ',';
      if (count(decimal) > 1) return { ok: false, error: 'invalid' };
      marked = text.replace(decimal, 'D');
    } else if (lastDot >= 0 || lastComma >= 0) {
      const mark = lastDot >= 0 ? '.' : ',';
      const digitsAfter = text.length - 1 - text.lastIndexOf(mark);
      if (count(mark) > 1) marked = text;
      else if (digitsAfter !== 3) marked = text.replace(mark, 'D');
      else if (mark === group) marked = text;
      else return { ok: false, error: 'ambiguous' };
    } else {
      marked = text;
    }
  }
  const [wholeMarked = '', fraction = '', ...extra] = marked.replace(/[., \u066C]/g, '|').split('D');
  if (extra.length > 0 || /\D/.test(fraction)) return { ok: false, error: 'invalid' };
  const whole = ungroup(wholeMarked);
  if (whole === undefined || (whole === '' && fraction === '')) return { ok: false, error: 'invalid' };
  return parseAmount(`${whole === '' ? '0' : whole}${fraction ? `.${fraction}` : ''}`, currency);
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let format = formatterCache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: MINOR_DIGITS, maximumFractionDigits: MINOR_DIGITS });
    formatterCache.set(locale, format);
  }
  return format;
}

/**
 * An API or database decimal string ("150.00", "0.00") as money, for display. parseAmount refuses zero (it checks
 * input), and a balance or a fee may well be zero, so this reads the exact decimal instead; never through a number.
 */
export function moneyFromApi<C extends Currency>(text: string, currency: C): Money<C> | undefined {
  const decimal = parseDecimal(text);
  if (!decimal || decimal.scale > MINOR_DIGITS) return undefined;
  return money(currency, decimal.units * pow10(MINOR_DIGITS - decimal.scale));
}

/** The number alone, as an amount field shows it ('1 605,00'); parseLocaleAmount reads it back. */
export function formatLocaleAmount(amount: Money, locale: string): string {
  // Intl formats the exact decimal string (ES2023 Intl.NumberFormat v3), so no float ever holds the amount.
  return formatter(locale).format(formatAmount(amount) as `${number}`).replace(directionMarks, '');
}

/**
 * Money for display, with its currency code: the one formatter of every amount people read, on the screens and in
 * the notifications, SMS, e-mails and receipts the server writes (English screens once
 * wrote 'MAD 1,005.00' while English receipts and notifications wrote '1,005.00 MAD'). The rule (GLOSSARY.md):
 * - the number in the locale's own marks (Intl: '1 605,00' fr, '1,605.00' en, '1.605,00' ar-MA, de, nl);
 * - the code after the number, '1 605,00 MAD', in every language but Dutch; English included, although en-US Intl
 *   writes 'MAD 1,605.00': both orders are usual in English, and one order across the app's languages and across
 *   screens and messages is what a reader comparing a receipt with the screen needs;
 * - the code first in Dutch, 'MAD 1.605,00', as a Dutch reader sees '€ 1.605,00' in every bank app;
 * - a no-break space between number and code, so that a line never separates them;
 * - in Arabic the whole amount, sign included, is one left-to-right unit (isolated by U+2066…U+2069), so that it
 *   reads '-120,00 MAD' inside a right-to-left sentence as on the receipt, not 'MAD 120,00-'.
 * `sign` writes a movement's direction ('-' out, '+' in) as part of the amount.
 */
export function formatLocaleMoney(amount: Money, locale: string, sign: '' | '-' | '+' = ''): string {
  const number = `${sign}${formatLocaleAmount(amount, locale)}`;
  const text = /^nl\b/.test(locale) ? `${amount.currency}\u00A0${number}` : `${number}\u00A0${amount.currency}`;
  return /^ar\b/.test(locale) ? `\u2066${text}\u2069` : text;
}
