/**
 * A calendar day typed as the user's language writes it: day first in French, Arabic (Morocco), Spanish, Italian,
 * Dutch and German, month first in American English; the separator the locale uses ('/', '.', '-'). A browser's
 * own date field shows the browser's language, not the page's, so a French page in an English browser read
 * MM/DD/YYYY; this is the order and the separator of the page's language instead.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  order: readonly DatePart[];
  separator: string;
}

/** The order of day, month and year in `locale` and its separator, from Intl (31 December 2026 in numbers). */
export function datePattern(locale: string): DatePattern {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).formatToParts(new Date(Date.UTC(2026, 11, 31)));
  const order = parts.map((p) => p.type).filter((type): type is DatePart => ['day', 'month', 'year'].includes(type));
  // Bidirectional marks (Arabic writes U+200F around the separator) are not typed by anyone.
  const literal = parts.find((p) => p.type === 'literal')?.value.replace(/[\u200e\u200f\u061c\s]/g, '') ?? '/';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator: literal === '' ? '/' : literal };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A YYYY-MM-DD day as typed in `pattern` ('31/12/2026'); '' for no day. */
export function formatTypedDate(iso: string, pattern: DatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const values: Record<DatePart, string> = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  return pattern.order.map((part) => values[part]).join(pattern.separator);
}

/**
 * What the user typed, as a YYYY-MM-DD day, or undefined when it is not a whole, real day yet. Any of / . - or a
 * space separates the parts, so '31.12.2026' reads in French too; a day and month may have one digit; the year
 * has four.
 */
export function parseTypedDate(text: string, pattern: DatePattern): string | undefined {
  const pieces = text.trim().split(/[\s./-]+/);
  if (pieces.length !== 3 || pieces.some((p) => !/^\d+$/.test(p))) return undefined;
  const values = { day: 0, month: 0, year: 0 };
  for (const [i, part] of pattern.order.entries()) {
    const piece = pieces[i] ?? '';
    if (part === 'year' ? piece.length !== 4 : piece.length > 2) return undefined;
    values[part] = Number(piece);
  }
  const { day, month, year } = values;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Keeps what may become a date: digits and separators, at most ten characters (a paste of anything else is cut). */
export function acceptDateInput(raw: string): string {
  return raw.replace(/[^\d./\- ]/g, '').slice(0, 10);
}
