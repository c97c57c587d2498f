import { useQuery } from '@tanstack/react-query';
import type { PayoutsToday as PayoutsTodayAnswer } from '../../../common/api/withdrawals';
import { apiFetch } from '../../shared/api/api-client';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { TRANSACTIONS_KEY } from '../../shared/transactions/transaction-queries';
import { browserTimeZone } from '../../shared/transactions/transaction-rules';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import styles from './HomePage.module.css';

/** Under the transactions key: a payout invalidates every transaction query, and so this count. */
export const payoutsTodayQuery = () => {
  const tz = browserTimeZone();
  return {
    queryKey: [...TRANSACTIONS_KEY, 'payouts-today', tz ?? 'UTC'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch<PayoutsTodayAnswer>(`/withdrawals/today/${tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`}`, {
        signal,
      }),
  };
};

/**
 * The teller home's hero card: what their agency paid out today, count and total, instead of a
 * customer balance a teller does not have. 'Today' is the browser's day, so the agency's.
 */
export function PayoutsToday() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const today = useQuery(payoutsTodayQuery());
  const total = today.data ? moneyFromApi(today.data.total, 'MAD') : undefined;
  return (
    <section className={styles.balance} aria-labelledby="home-payouts" data-testid="payouts-today">
      <h2 id="home-payouts" className={styles.balanceLabel}>
        {t('home.todayHeading')}
      </h2>
      {today.isError ? (
        <p className={styles.eur}>{t('home.todayFailed')}</p>
      ) : (
        <>
          <p className={styles.mad} data-testid="payouts-today-total">
            <bdi>{total ? formatMoney(total, locale) : '—'}</bdi>
          </p>
          <p className={styles.eur} data-testid="payouts-today-count">
            {today.data === undefined ? '\u00a0' : today.data.count === 0 ? t('home.todayNone') : t('home.todayCount', { count: today.data.count })}
          </p>
        </>
      )}
    </section>
  );
}
