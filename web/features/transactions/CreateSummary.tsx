import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { money, type Money } from '../../../common/money/money';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/money-format';
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
}

/**
 * What the security code is about to confirm: the amount, to whom or where, the fees, what
 * arrives, and when. A send or withdrawal in dirhams has no fee, which is said rather than left out.
 */
export function CreateSummary({ amount, party, withdraw, registered, method, when: whenGiven }: CreateSummaryProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const when = whenGiven !== undefined
    ? whenGiven
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
  return (
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
}
