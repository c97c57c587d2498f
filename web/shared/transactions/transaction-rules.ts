import type { Transaction, TransactionCategory } from '../../../common/api/transactions';
import { formatPhone } from '../../../common/identity/phone';
import { parseLocaleAmount } from '../../../common/money/locale-amount';
import { formatAmount, money, type Money } from '../../../common/money/money';
import { divideRounded } from '../../../common/money/decimal';
import { dateTimeFormat } from '../../ui/intl-format';

/** A row's state beside its label while the money is not where it was sent; done rows say nothing more. */
export type RowStatus = 'underReview' | 'unclaimed' | 'available' | 'cancelled' | 'expired' | 'refunded';

/** The same words for every kind of row (a send, a withdrawal, a cash pickup), from the transaction's status. */
export function rowStatus(tx: Pick<Transaction, 'status'>): RowStatus | null {
  switch (tx.status) {
    case 'on_hold':
      return 'underReview';
    case 'unclaimed':
    case 'available':
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return tx.status;
    default:
      return null;
  }
}
/** A history row's label: an i18n key under `transactions.row` and its values. */
export interface RowLabel {
  key: 'pendingWithdrawal' | 'withdrawal' | 'from' | 'to' | 'tellerPending' | 'tellerDone' | 'deposit' | 'toPickup' | 'tellerPickup';
  /** The person the label names, '' when none. */
  name: string;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

export function rowLabel(tx: Transaction, banker: boolean): RowLabel {
  const sender = fullName(tx.sender_first_name, tx.sender_last_name);
  switch (tx.category) {
    case 'withdrawal':
      // A cash pickup paid at this agency: the recipient who took the cash.
      if (banker && tx.delivery === 'cash_pickup')
        return { key: 'tellerPickup', name: fullName(tx.recipient_first_name, tx.recipient_last_name) };
      if (banker) return { key: tx.validated ? 'tellerDone' : 'tellerPending', name: sender };
      return { key: tx.validated ? 'withdrawal' : 'pendingWithdrawal', name: '' };
    case 'reception':
      return { key: 'from', name: sender };
    case 'sending': {
      const name = fullName(tx.recipient_first_name, tx.recipient_last_name);
      const phone = tx.recipient_phone_number ? formatPhone(tx.recipient_phone_number) : '';
      return { key: tx.delivery === 'cash_pickup' ? 'toPickup' : 'to', name: name || phone };
    }
    default:
      return { key: 'deposit', name: '' };
  }
}

/** Lists: minus for sending and withdrawal, plus otherwise. */
export const listSign = (category: TransactionCategory): '-' | '+' =>
  category === 'sending' || category === 'withdrawal' ? '-' : '+';

/** Detail page: plus for reception and exchange, minus for all else. */
export const detailSign = (category: TransactionCategory): '-' | '+' =>
  category === 'reception' || category === 'exchange' ? '+' : '-';

export type CategoryFilter = '' | 'sending' | 'reception' | 'exchange' | 'withdraw';

/**
 * A banker gets only receive and withdraw; with a user filter (one contact's list) neither
 * withdraw nor add money is offered; add money never for a banker.
 */
export function categoryOptions(banker: boolean, hasUser: boolean): CategoryFilter[] {
  if (banker) return hasUser ? ['reception'] : ['reception', 'withdraw'];
  return hasUser ? ['sending', 'reception'] : ['sending', 'reception', 'exchange', 'withdraw'];
}

export interface Filters {
  category: CategoryFilter;
  /** As typed, e.g. "150" or "150,5". */
  amount: string;
  /** Widen the amount to +-10 %. */
  vary: boolean;
  /** yyyy-mm-dd from the date input, or ''. */
  startDate: string;
  endDate: string;
}

export const emptyFilters: Filters = { category: '', amount: '', vary: false, startDate: '', endDate: '' };

/** The typed amount as MAD, read as the locale writes it (either decimal mark); undefined when it is not one. */
export function typedAmount(text: string, locale: string): Money<'MAD'> | undefined {
  const parsed = parseLocaleAmount(text, locale, 'MAD');
  return parsed.ok ? parsed.value : undefined;
}

/** False when both dates are chosen and the last day comes before the first: the screen says so instead of searching. */
export function datesInOrder(filters: Pick<Filters, 'startDate' | 'endDate'>): boolean {
  return filters.startDate === '' || filters.endDate === '' || filters.startDate <= filters.endDate;
}

/** yyyy-mm-dd plus one calendar day (the API's end_date is exclusive). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The browser's IANA time zone (`Europe/Paris`), which the API reads date filters in; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Amount, or amount_gte/amount_lte at 90 % and 110 % (2 decimals) when the box is ticked;
 * end_date is the chosen day plus one, both days of the browser's time zone (`tz`: a payment at
 * 00:30 in Paris belongs to that day, not the one before). Integer arithmetic on minor units: no float touches
 * the amount.
 */
export function filtersToQuery(
  filters: Filters,
  locale: string,
  timeZone: string | undefined = browserTimeZone(),
): Record<string, string | undefined> {
  const amount = typedAmount(filters.amount, locale);
  // Dates out of order are not sent: the filters show the mistake and the list keeps its other filters.
  const ordered = datesInOrder(filters);
  const startDate = ordered ? filters.startDate : '';
  const endDate = ordered ? filters.endDate : '';
  const dated = Boolean(startDate || endDate);
  const query: Record<string, string | undefined> = {
    category: filters.category || undefined,
    start_date: startDate || undefined,
    end_date: endDate ? nextDay(endDate) : undefined,
    tz: dated ? timeZone : undefined,
  };
  if (amount && filters.vary) {
    query.amount_gte = formatAmount(money('MAD', divideRounded(amount.minor * 90n, 100n)));
    query.amount_lte = formatAmount(money('MAD', divideRounded(amount.minor * 110n, 100n)));
  } else if (amount) {
    query.amount = formatAmount(amount);
  }
  return query;
}

/** In lists, day month hour:minute within the current year, else day month year. */
export function formatListDate(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(locale, sameYear
    ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** Detail and teller pages: day, full month name, year, 'à' (the `at` word), hour:minute. */
export function formatLongDate(iso: string, locale: string, at: string): string {
  const date = new Date(iso);
  const day = dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  return `${day} ${at} ${time}`;
}

/** yyyy-mm-dd `days` calendar days before (negative: after) `date`. */
export function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Today as the browser's calendar shows it, yyyy-mm-dd. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The statement's period from the screen's date filters: the chosen days, inclusive; an end left empty
 * is today, a start left empty is 365 days before the end (the API takes at most 366). `end_date` is the exclusive
 * day the API reads, `last` the day the screen names.
 */
export function statementPeriod(
  filters: Pick<Filters, 'startDate' | 'endDate'>,
  today: string,
  timeZone: string | undefined = browserTimeZone(),
): { start_date: string; end_date: string; last: string; tz: string | undefined } {
  const last = filters.endDate || today;
  const start = filters.startDate || daysBefore(last, 364);
  return { start_date: start, end_date: nextDay(last), last, tz: timeZone };
}

/**
 * 'Send again': the send form for the same person and amount, from a sent transfer (its detail, or the
 * newest one on the person's detail). A transfer held for a compliance review offers none: another send to that
 * person would be held the same way.
 */
export function sendAgainPath(tx: Transaction): string | null {
  if (tx.category !== 'sending' || tx.contact === null || tx.status === 'on_hold') return null;
  return `/transactions/create?contact=${tx.contact}&transaction=send&amount=${tx.amount}`;
}

/**
 * The schedule form started from a send: its recipient, amount and way (wallet, cash, bank, mobile wallet), every
 * month when asked; null for what cannot repeat so (a withdrawal at an agency, a send held for review).
 */
export function scheduleFromPath(tx: Transaction, frequency?: 'monthly'): string | null {
  if (sendAgainPath(tx) === null) return null;
  const every = frequency === undefined ? '' : `&frequency=${frequency}`;
  return `/schedules/new?contact=${String(tx.contact)}&amount=${tx.amount}&delivery=${tx.delivery ?? 'wallet'}${every}`;
}
