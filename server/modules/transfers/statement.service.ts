import { sql } from 'kysely';
import {
  STATEMENT_COLUMNS,
  STATEMENT_MAX_DAYS,
  STATEMENT_MAX_ROWS,
  type StatementQuery,
} from '../../../common/api/statement.ts';
import { statementMessages } from '../../../common/api/messages.ts';
import type { Transaction } from '../../../common/api/transactions.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { startOfDayIn } from '../../../common/time/time-zone.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { badRequest, fieldError } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { transactionLabels } from './transaction-labels.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { askedOrOwnLanguage } from '../users/user-language.ts';
import { tokenKeys } from './methods/agency-withdrawal/withdrawal-token.ts';
import { csvDocument } from './statement-csv.ts';
import { statementTexts } from './statement-texts.ts';
import { listHistory } from './history-page.repository.ts';
import type { HistoryRow, Viewer } from './transactions-query.repository.ts';
import { presentTransaction } from './transactions.presenter.ts';

const DAY_MS = 86_400_000;

interface ExchangeFacts {
  id: string;
  from_amount: string;
  fee_amount: string;
  rate: string;
}

/** The top-ups' own figures (what was paid in EUR, the fee, the rate), for the rows of the statement that are one. */
async function exchangesOf(deps: ServiceDeps, ids: string[]): Promise<Map<string, ExchangeFacts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<ExchangeFacts>`
    SELECT t.id::text AS id, e.from_amount::text, e.fee_amount::text, e.rate::text
      FROM transactions t JOIN exchanges e ON t.reference = 'exchange:' || e.id::text
     WHERE t.id = ANY(${ids}::int8[]) AND t.kind = 'exchange'`.execute(deps.db);
  return new Map(rows.map((row) => [row.id, row]));
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/**
 * One line of the statement as the viewer may see it: the list's facts (presentTransaction, no token nor pickup
 * reference), a fee only where the viewer paid (their send or withdrawal: none today, said as 0.00; their top-up:
 * its EUR fee), nothing of the sender's charges on a received transfer nor on an agency's row for its teller.
 *
 * The words (type, status, direction) are in the statement's language; the numbers are not: amounts,
 * fees and the rate stay plain decimals with a point (`1005.50`), each amount beside its own currency column, and
 * the date stays ISO 8601 in UTC. A spreadsheet parses those as numbers and dates whatever its locale; a localised
 * `1.005,50 MAD` or `1 005,50` would land as text (or, worse, as 1.00550 in a program set to another locale) and
 * could no longer be summed. Currency codes are kept as is (glossary).
 */
function statementRow(
  row: HistoryRow,
  tx: Transaction,
  viewer: Viewer,
  exchange: ExchangeFacts | undefined,
  language: Language,
) {
  const paidBySender = row.kind !== 'exchange' && row.sender_user_id === viewer.id;
  const received = row.recipient_user_id === viewer.id;
  const { directions } = statementTexts[language];
  const { kinds, statuses } = transactionLabels[language];
  const direction = paidBySender ? directions.debit : received ? directions.credit : '';
  const type = kinds[tx.delivery === 'cash_pickup' && tx.category === 'sending' ? 'pickup' : tx.category];
  const counterparty =
    tx.category === 'exchange'
      ? ''
      : tx.category === 'reception' || !paidBySender
        ? fullName(tx.sender_first_name, tx.sender_last_name)
        : fullName(tx.recipient_first_name, tx.recipient_last_name) || (tx.recipient_phone_number ?? '');
  let fee: [string, string] | [null, null] = [null, null];
  if (paidBySender) fee = ['0.00', 'MAD'];
  if (exchange && received) fee = [formatAmount(money('EUR', BigInt(exchange.fee_amount))), 'EUR'];
  const paid = exchange && received ? formatAmount(money('EUR', BigInt(exchange.from_amount))) : null;
  return [
    `TX-${String(tx.id).padStart(8, '0')}`,
    tx.date,
    type,
    statuses[tx.status],
    direction,
    counterparty,
    tx.amount,
    'MAD',
    fee[0],
    fee[1],
    paid,
    paid === null ? null : 'EUR',
    exchange && received ? exchange.rate : null,
    tx.tx_id,
  ];
}

/** The period's days, checked: an end after the start, at most STATEMENT_MAX_DAYS (end_date is exclusive). */
function periodOf(query: StatementQuery): { from: Date; before: Date } {
  const days = (Date.parse(`${query.end_date}T00:00:00Z`) - Date.parse(`${query.start_date}T00:00:00Z`)) / DAY_MS;
  if (days <= 0) throw fieldError('end_date', statementMessages.endBeforeStart);
  if (days > STATEMENT_MAX_DAYS) throw fieldError('end_date', statementMessages.periodTooLong);
  const zone = query.tz ?? 'UTC';
  return { from: startOfDayIn(query.start_date, zone), before: startOfDayIn(query.end_date, zone) };
}

/** The period's last day (end_date is exclusive), for the file's name. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * `GET /api/transactions/export/`: the viewer's transactions of the period as RFC 4180 CSV, oldest
 * first, with the list's visibility (listHistory: the same sides, so a teller also gets their agency's payouts).
 * More than STATEMENT_MAX_ROWS is a 400 rather than a file cut short. Its words are in `lang`, else the user's
 * own language.
 */
export async function statementFor(
  deps: ServiceDeps,
  user: AuthUser,
  query: StatementQuery,
): Promise<{ csv: string; filename: string }> {
  const viewer: Viewer = { id: user.id, agencyId: user.role === 'BANKER' ? user.agencyId : null };
  const { from, before } = periodOf(query);
  const language = await askedOrOwnLanguage(deps, user.id, query.lang);
  const { rows } = await listHistory(deps.db, viewer, { from, before }, { limit: STATEMENT_MAX_ROWS + 1, offset: 0 });
  if (rows.length > STATEMENT_MAX_ROWS) throw badRequest(statementMessages.tooManyRows);
  const exchanges = await exchangesOf(
    deps,
    rows.filter((row) => row.kind === 'exchange').map((row) => row.id),
  );
  const now = deps.clock.now();
  const keys = tokenKeys(deps.config.SECRET_KEY);
  const lines = rows
    .reverse()
    .map((row) =>
      statementRow(row, presentTransaction(row, viewer, now, keys), viewer, exchanges.get(row.id), language),
    );
  const { header } = statementTexts[language];
  return {
    csv: csvDocument(
      STATEMENT_COLUMNS.map((column) => header[column]),
      lines,
    ),
    filename: `statement-${query.start_date}_${dayBefore(query.end_date)}.csv`,
  };
}
