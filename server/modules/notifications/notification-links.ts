import { formatAmount, money } from '../../../common/money/money.ts';

/**
 * The app's page a notification opens, the same in the in-app list, a push and a message: its transaction's page,
 * the rates for a rate alert, and for a scheduled transfer the schedule, or the add-money screen prefilled with the
 * euros that cover the gap when a reminder finds the balance short. Null when it opens no page of its own.
 */
export function notificationLink(kind: string, transactionId: string | number | null, params: unknown): string | null {
  if (transactionId !== null) return `/transactions/${transactionId}`;
  if (kind === 'rate_alert') return '/rates';
  if (!kind.startsWith('schedule_')) return null;
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  if (kind === 'schedule_reminder' && typeof p.eur === 'string' && /^[1-9]\d{0,15}$/.test(p.eur))
    return `/exchange?amount=${formatAmount(money('EUR', BigInt(p.eur)))}`;
  return typeof p.schedule === 'string' && /^\d{1,18}$/.test(p.schedule) ? `/schedules/${p.schedule}` : null;
}

/**
 * Whether an e-mail or SMS carries the link as well: the reminder's one-tap add-money, which is the point of it.
 * The others are read in the app, where the notification opens its page.
 */
export function messageLink(kind: string, params: unknown, publicUrl: string | undefined): string | null {
  if (kind !== 'schedule_reminder' || publicUrl === undefined) return null;
  const page = notificationLink(kind, null, params);
  return page?.startsWith('/exchange') ? `${publicUrl.replace(/\/$/, '')}${page}` : null;
}

/** A page with the reader's language added to its query. */
export const withLanguage = (page: string, language: string) =>
  `${page}${page.includes('?') ? '&' : '?'}lang=${language}`;
