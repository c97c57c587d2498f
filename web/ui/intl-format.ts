import { dateFormat } from '../../common/i18n/first-of-month';

/**
 * Intl formatters, built once per locale and options: a list row or a field that re-renders on
 * every keystroke must not construct a new Intl.NumberFormat or DateTimeFormat each time (each one loads locale
 * data; on a cheap phone a list of rows did it dozens of times per key).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const id = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(id);
  if (!format) {
    format = make();
    cache.set(id, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  // French's first of the month reads '1er' (common/i18n/first-of-month.ts).
  return cached(dateFormats, locale, options, () => dateFormat(locale, options));
}
