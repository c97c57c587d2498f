import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import { Link } from 'react-router';
import type { User } from '../../../common/api/users';
import { intlLocale } from '../../i18n/intl-locale';
import { useWithLang } from '../../ui/with-lang';
import { formatRate } from '../../ui/money-format';
import styles from './MyRateWidget.module.css';

/** Home's "my exchange rate" banner: the customer's rate against the official one, and the way to a better one. */
export function MyRateWidget({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  if (user.role === 'BANKER') return null;
  return (
    <section className={styles.widget} aria-labelledby="my-rate-title" data-testid="my-rate">
      <h2 id="my-rate-title" className={styles.title}>
        {t('rateWidget.title')}
      </h2>
      <p className={styles.rate} data-testid="my-rate-value">
        <bdi>1 EUR = {formatRate(user.rate_delta, locale)}</bdi>
      </p>
      <p className={styles.official}>
        {t('rateWidget.official')} <bdi>{formatRate(user.rate, locale)}</bdi>
      </p>
      <Link className={styles.link} to={withLang('/rates')}>
        {user.subscription
          ? t('rateWidget.subscribed')
          : tIsolated(t, 'rateWidget.better', { rate: formatRate(user.rate_subscription, locale) })}
      </Link>
    </section>
  );
}
