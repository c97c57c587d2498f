import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import { intlLocale } from '../../i18n/intl-locale';
import { useWithLang } from '../../ui/with-lang';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { CURRENT_USER_KEY } from '../../shared/users/use-current-user';
import styles from './PaymentResult.module.css';
import { usePaymentSession } from './use-payment-session';

/**
 * The page the provider returns to: the result of the payment and the new balance. The provider's event may
 * arrive a moment after the browser, so an open session is asked again for a while ("confirming").
 */
export function PaymentResult({ sessionId, cancelled }: { sessionId: string; cancelled: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const client = useQueryClient();
  const session = usePaymentSession(sessionId);
  const status = session.data?.status;
  useEffect(() => {
    if (status && status !== 'open') {
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      // The add-money draft (['exchanges', 'draft']) is consumed by the payment: every exchange query is stale.
      void client.invalidateQueries({ queryKey: ['exchanges'] });
    }
  }, [status, client]);

  const data = session.data;
  const credited = data?.to_amount ? moneyFromApi(data.to_amount, 'MAD') : undefined;
  const balance = data ? moneyFromApi(data.balance, 'MAD') : undefined;
  let message: string;
  let tone: 'ok' | 'bad' | 'wait' = 'wait';
  if (session.isError) {
    message = t('exchange.result.unknown');
    tone = 'bad';
  } else if (!data) message = t('common.loading');
  else if (data.status === 'paid') {
    tone = 'ok';
    message = credited
      ? t('exchange.result.paid', { amount: formatMoney(credited, locale) })
      : t('exchange.result.subscribed');
  } else if (data.status === 'refunded' || data.status === 'superseded') {
    tone = 'bad';
    message = data.outcome === 'rate_lock_expired' ? t('exchange.result.lockExpired') : t('exchange.result.refunded');
  } else if (cancelled) {
    tone = 'bad';
    message = t('exchange.result.cancelled');
  } else message = t('exchange.result.pending');

  return (
    <section
      className={`${styles.result} ${styles[tone]}`}
      role="status"
      data-testid="payment-result"
      data-status={data?.status ?? 'loading'}
    >
      <p className={styles.resultMessage}>{message}</p>
      {/* A new balance only after money came in: a cancelled payment charged nothing and says so alone. */}
      {balance && data?.purpose === 'exchange' && data.status === 'paid' ? (
        <p data-testid="payment-balance">
          {t('exchange.result.balance')} <bdi className={styles.strong}>{formatMoney(balance, locale)}</bdi>
        </p>
      ) : null}
      <div className={styles.resultActions}>
        <Link className={styles.primary} to={withLang('/')} data-testid="result-home">
          {t('app.backHome')}
        </Link>
        {data?.purpose === 'exchange' ? (
          <Link className={styles.secondary} to={withLang('/exchange')} data-testid="result-again">
            {t('exchange.again')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
