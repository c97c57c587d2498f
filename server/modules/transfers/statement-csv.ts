/**
 * RFC 4180 text for the statement: CRLF between records, a field quoted when it holds a comma, a quote,
 * CR or LF (its quotes doubled), UTF-8 with a byte-order mark so that spreadsheet programs read Arabic names.
 *
 * A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return: OWASP's CSV
 * injection list) gets a leading apostrophe, so a recipient named `=HYPERLINK(...)` stays text. The statement's
 * amounts are unsigned (the `direction` column says which way), so no number is ever touched by this.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRecord = (cells: readonly (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const BOM = '\uFEFF';

export function csvDocument(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return BOM + csvRecord(header) + rows.map(csvRecord).join('');
}
