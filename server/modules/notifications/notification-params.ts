import type { NotificationKind } from '../../../common/api/notifications.ts';
import { dateFormat } from '../../../common/i18n/first-of-month.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney } from '../../../common/money/locale-amount.ts';
import { isCurrency, money } from '../../../common/money/money.ts';
import { pageLocales } from '../../http/page-language.ts';

/**
 * What each notification kind is written from: its parameters, the shape of its texts, and how amounts and rates
 * read in each language. The texts themselves are in notification-texts-*.ts, one file per group of languages.
 */

/** A transfer's facts, written by the database trigger (migration 0240) or by notify(). */
export interface TransferParams {
  /** Minor units as text. */
  amount: string;
  currency: string;
  /** The other party: who sent it, who collects it, the agency, the contact. */
  name: string;
  transaction_kind?: string;
}

export interface NotificationParams {
  money_received: TransferParams;
  withdrawal_paid_out: TransferParams;
  pickup_collected: TransferParams;
  transfer_cancelled: TransferParams;
  transfer_refunded: TransferParams;
  transfer_expired: TransferParams;
  /**
   * Held for a compliance review (the timeline's trigger, migration 0330) / released from it (the review's notify()).
   * Neutral, tipping-off (AMLD 2015/849 art. 39): 'being processed, can take longer', never a review or a check, nor
   * the recipient's name (which would point at who is checked); the amount tells which operation.
   */
  transfer_on_hold: TransferParams;
  transfer_released: TransferParams;
  kyc_approved: Record<string, never>;
  kyc_rejected: Record<string, never>;
  transfer_invited: TransferParams;
  transfer_expiring: TransferParams;
  /**
   * The money a transfer waited with reached its recipient's account: at their sign-up, or later when an existing
   * user confirms the e-mail it waited for (claimTransfersForNewUser, both). The wording holds for both (it says
   * where the money is, not how the account came to be), also for notifications stored before this wording.
   */
  transfer_claimed: TransferParams;
  /** A rate alert reached: the customer's threshold and their rate that reached it, MAD per EUR ("11.2000"). */
  rate_alert: RateAlertParams;
  /** Two days before a scheduled transfer's date; `gap` is '0' when the balance covers it. */
  schedule_reminder: ScheduleReminderParams;
  /** A scheduled date refused (`reason` as the API names it: balance, limit, frozen, recipient). */
  schedule_skipped: ScheduleOccurrenceParams & { reason: string };
  /** A scheduled date that fell due while the service was down for longer than the catch-up window. */
  schedule_missed: ScheduleOccurrenceParams;
  /** An operator answered a help case: its reference (never what was answered, which may be read on a lock screen). */
  case_answered: { reference: string };
  /** A mobile wallet payout credited (to its sender: `name` is the recipient's). */
  payout_completed: TransferParams;
  /** A mobile wallet payout returned: the operator's `reason` (wallet_not_found, wallet_ceiling_exceeded…). */
  payout_returned: TransferParams & { reason?: string };
  /** To a recipient who has an account: `name` is the sender's. */
  payout_received: TransferParams;
  /** Money added by card: `amount` the dirhams credited (MAD minor units), `charged` the euros the card paid, fee included (cents). */
  topup_completed: TransferParams & { charged: string };
  /** A recovery approved: the kind of the new sign-in identifier. */
  recovery_approved: { identifier_kind: 'email' | 'phone' };
}

/** A scheduled transfer's date: the schedule's id, the date (YYYY-MM-DD), its amount and recipient's first name. */
export interface ScheduleOccurrenceParams extends TransferParams {
  schedule: string;
  date: string;
}

export interface ScheduleReminderParams extends ScheduleOccurrenceParams {
  /** The wallet's balance and what it lacks, MAD minor units as text. */
  balance: string;
  gap: string;
  /** The euros that buy the gap at the customer's rate of the day, cents as text ('0' when there is no gap). */
  eur: string;
}

export interface RateAlertParams {
  threshold: string;
  rate: string;
}

export interface NotificationTexts {
  title: string;
  body: string;
}

/** One language's texts: a function per notification kind, from that kind's parameters. */
export type NotificationTemplates = { [K in NotificationKind]: (p: NotificationParams[K]) => NotificationTexts };

/**
 * An amount as every message writes it (notifications, e-mails, SMS; also the recipient's messages, invitations/):
 * the screens' own formatter in the language's locale (common/money/locale-amount.ts states the rule: '1 005,00 MAD',
 * English '1,005.00 MAD', Dutch 'MAD 1.005,00', Arabic one left-to-right unit), from the stored minor units, exact
 * (no float); an unreadable amount shows as 0.00 rather than failing a list.
 */
export function amountIn(language: Language, p: { amount?: unknown; currency?: unknown }): string {
  const currency = isCurrency(p.currency) ? p.currency : 'MAD';
  const text = typeof p.amount === 'string' && /^-?\d{1,18}$/.test(p.amount) ? p.amount : '0';
  return formatLocaleMoney(money(currency, BigInt(text)), pageLocales[language]);
}

/**
 * A rate as the notifications of `language` write it: "11.2000" -> "11.20" (en), "11,20" (the others, as the app
 * shows rates); a fourth decimal that is not zero is kept ("11,2050"). Unreadable text shows as given.
 */
export function rateIn(language: Language, text: unknown): string {
  const match = typeof text === 'string' ? /^(\d{1,9})(?:\.(\d{1,8}))?$/.exec(text) : null;
  if (!match) return typeof text === 'string' ? text : '';
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${match[1]}${language === 'en' ? '.' : ','}${fraction}`;
}

/** A calendar date (YYYY-MM-DD) as the texts of `language` write it: '1 March', '1er mars', '1 مارس' (Latin digits). */
export function dateIn(language: Language, date: unknown): string {
  const ms = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) return '';
  const format = { day: 'numeric', month: 'long', timeZone: 'UTC', numberingSystem: 'latn' } as const;
  return dateFormat(pageLocales[language], format).format(ms);
}

/** The MAD amounts of a reminder: the balance and the gap. */
export const balanceIn = (language: Language, p: ScheduleReminderParams) =>
  amountIn(language, { amount: p.balance, currency: 'MAD' });
export const gapIn = (language: Language, p: ScheduleReminderParams) =>
  amountIn(language, { amount: p.gap, currency: 'MAD' });
export const hasGap = (p: ScheduleReminderParams) => typeof p.gap === 'string' && /^[1-9]\d*$/.test(p.gap);

/** A transfer's kind, as the texts tell a cash pickup and a withdrawal apart from a transfer. */
export const isPickup = (p: TransferParams) => p.transaction_kind === 'pickup';
export const isWithdrawal = (p: TransferParams) => p.transaction_kind === 'withdrawal';
