import { z } from 'zod';
import { langQuery } from './language-query.ts';
import { statementMessages } from './messages.ts';
import { dateQuery, timeZoneQuery } from './transactions.ts';

/** The statement's bounds: a period of at most a year and a leap day, at most 10,000 rows. */
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_MAX_ROWS = 10_000;

/**
 * `GET /api/transactions/export/?start_date=&end_date=&format=csv&lang=`: calendar days of `tz` (UTC when absent),
 * start_date inclusive, end_date exclusive, as the list's filters (the screens send the chosen end plus one day);
 * the header and the words of the rows in `lang` (the screen's; the user's own language when absent).
 */
export const statementQuerySchema = z.object({
  start_date: dateQuery,
  end_date: dateQuery,
  format: z.enum(['csv'], { message: statementMessages.format }).optional(),
  tz: timeZoneQuery.optional(),
  lang: langQuery,
});

export type StatementQuery = z.output<typeof statementQuerySchema>;

/**
 * The columns, in this order. These ids name them in the code; the file's header row says them in the statement's
 * language (server/modules/transfers/statement-texts.ts), as it says the type, status and direction
 * of each row. Numbers stay machine-readable in every language (see statementRow).
 */
export const STATEMENT_COLUMNS = [
  'reference',
  'date_utc',
  'type',
  'status',
  'direction',
  'counterparty',
  'amount',
  'currency',
  'fee',
  'fee_currency',
  'amount_paid',
  'amount_paid_currency',
  'exchange_rate',
  'ledger_tx_id',
] as const;

export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
