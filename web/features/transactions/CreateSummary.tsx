import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { money, type Money } from '../../../common/money/money';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/money-format';
import { tIsolated } from '../../ui/bidi';
import styles from './CreateSummary.module.css';

export interface CreateSummaryProps {
  amount: Money<'MAD'>;
  /** The recipient's name, or the agency's name and address. */
  party: string;
  withdraw: boolean;
  /**
   * The server shows the recipient's account once money has moved between the two (ADR 013): then the money
   * arrives at once. Before, whether they have an account is not said, so neither is the moment.
   */
  registered: boolean;
  /** How the recipient receives it, when they had a choice (a bank deposit, a cash pickup...). */
  method?: ReactNode;
  /** When it arrives, when the way of receiving says it (a bank deposit's expected arrival date). */
  when?: string;
  /**
   * A cash pickup: where it can be collected (an agency's name, or any agency) and how many days it waits there.
   * Its words are the counter's, not the wallet's: the recipient needs no account.
   */
  pickup?: { agency?: string; validDays?: number };
  /**
   * A send to the wallet of someone whose account is not shown: 'waiting' when an earlier send of this sender
   * still waits for them (the sender already knows they have none), else 'maybe'. `by` is how the invitation goes.
   */
  noAccount?: { state: 'waiting' | 'maybe'; by: 'sms' | 'email' };
}

/**
 * What the security code is about to confirm: the amount, to whom or where, the fees, what
 * arrives, and when. A send or withdrawal in dirhams has no fee, which is said rather than left out.
 */
export function CreateSummary({ amount, party, withdraw, registered, method, when: whenGiven, pickup, noAccount }: CreateSummaryProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const when = whenGiven !== undefined
    ? whenGiven
    : pickup
    ? pickup.agency !== undefined
      ? t('transactions.summary.pickupWhenAt', { agency: pickup.agency })
      : t('transactions.summary.pickupWhenAny')
    : noAccount?.state === 'waiting'
    ? t('transactions.summary.whenNoAccount')
    : withdraw
    ? t('transactions.summary.whenAgency')
    : registered
      ? t('transactions.summary.whenNow')
      : t('transactions.summary.whenUnknown');
  const rows: [string, ReactNode, string][] = [
    [
      withdraw ? t('transactions.summary.withdrawAmount') : t('transactions.summary.amount'),
      formatMoney(amount, locale),
      'summary-amount',
    ],
    [withdraw ? t('transactions.create.agency') : t('transactions.create.recipient'), party, 'summary-party'],
    ...(method !== undefined ? [[t('payouts.summary.method'), method, 'summary-method'] as [string, ReactNode, string]] : []),
    [t('transactions.summary.fees'), `${formatMoney(money('MAD', 0n), locale)}`, 'summary-fees'],
    [
      withdraw ? t('transactions.summary.collect') : t('transactions.summary.receives'),
      formatMoney(amount, locale),
      'summary-receives',
    ],
    [t('transactions.summary.when'), when, 'summary-when'],
  ];
  const summary = (
    <dl className={styles.summary} data-testid="create-summary">
      {rows.map(([term, value, testId]) => (
        <div key={testId} className={testId === 'summary-amount' ? styles.total : styles.row}>
          <dt>{term}</dt>
          <dd data-testid={testId}>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
  if (noAccount && !pickup) {
    return (
      <>
        {summary}
        <p className={styles.notice} role="note" data-testid="summary-no-account">
          {noAccount.state === 'waiting'
            ? tIsolated(t, 'transactions.summary.noAccount', { name: party })
            : t('transactions.summary.mayHaveNoAccount')}{' '}
          {t(noAccount.by === 'sms' ? 'transactions.summary.inviteSms' : 'transactions.summary.inviteEmail')}
        </p>
      </>
    );
  }
  if (!pickup) return summary;
  return (
    <>
      {summary}
      <ul className={styles.notes} data-testid="summary-pickup">
        <li>{t('transactions.summary.pickupSms')}</li>
        <li>{t('transactions.summary.pickupId')}</li>
        <li data-testid="summary-pickup-expiry">
          {pickup.validDays !== undefined
            ? tIsolated(t, 'transactions.summary.pickupExpiry', { count: pickup.validDays, days: String(pickup.validDays) })
            : t('transactions.summary.pickupExpiryUnknown')}
        </li>
      </ul>
    </>
  );
}
