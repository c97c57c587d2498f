import type { Transaction } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { formatLongDate } from '../../shared/transactions/transaction-rules';
import { returnReasonKey } from './BankDepositBlock';
import { walletReturnKeys } from './MobileWalletBlock';
import styles from './Timeline.module.css';
import cards from './Transactions.module.css';

/** The transaction's story: each step the server recorded, oldest first, with its date and time. */
export function Timeline({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const steps = tx.timeline ?? [];
  if (steps.length === 0) return null;
  const locale = intlLocale(i18n.language);
  return (
    <section className={cards.card} data-testid="timeline" aria-labelledby="timeline-heading">
      <h2 className={cards.heading} id="timeline-heading">
        {t('timeline.title')}
      </h2>
      <ol className={styles.steps}>
        {steps.map((step, i) => (
          <li key={`${step.status}-${i}`} className={styles.step} data-step={step.status}>
            <span className={styles.label}>{t(`timeline.steps.${step.status}`)}</span>
            <time className={styles.when} dateTime={step.at}>
              {formatLongDate(step.at, locale, t('transactions.at'))}
            </time>
            {step.reason !== undefined && step.status !== 'refunded' ? (
              // One sentence whatever the code: the server sends only the public one (common/api/timeline.ts).
              <span className={styles.when} data-testid="hold-reason">
                {t('timeline.holdReason')}
              </span>
            ) : null}
            {step.reason !== undefined && step.status === 'refunded' ? (
              // A payout its partner returned: the partner's reason (a wallet operator's, or a bank's code), not a
              // compliance hold.
              <span className={styles.when} data-testid="return-reason">
                {t('payouts.detail.returnedReason', {
                  reason: t(step.reason in walletReturnKeys ? walletReturnKeys[step.reason as keyof typeof walletReturnKeys] : returnReasonKey(step.reason)),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
