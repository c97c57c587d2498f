import { z } from 'zod';
import { statementMessages } from './messages.ts';
import { dateQuery, timeZoneQuery } from './transactions.ts';

/** The statement's bounds (issue 18): a period of at most a year and a leap day, at most 10,000 rows. */
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_MAX_ROWS = 10_000;

/**
 * `GET /api/transactions/export/?start_date=&end_date=&format=csv`: calendar days of `tz` (UTC when absent),
 * start_date inclusive, end_date exclusive, as the list's filters (the screens send the chosen end plus one day).
 */
export const statementQuerySchema = z.object({
  start_date: dateQuery,
  end_date: dateQuery,
  format: z.enum(['csv'], { message: statementMessages.format }).optional(),
  tz: timeZoneQuery.optional(),
});

export type StatementQuery = z.output<typeof statementQuerySchema>;

/** The header row, in this order: English names that stay the same in every language and every release. */
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
