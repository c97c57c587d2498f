import type { TopUpDetails } from '../../../common/api/transactions';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney, formatRate, moneyFromApi } from '../../ui/money-format';
import styles from './Delivery.module.css';
import cards from './Transactions.module.css';

/**
 * A top-up's card payment under the dirhams credited: what the card was charged, made of the euros converted and
 * the card fee, and the rate applied. The receipt says the same.
 */
export function TopUpBlock({ topUp, credited }: { topUp: TopUpDetails; credited: string }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const eur = (decimal: string) => {
    const value = moneyFromApi(decimal, 'EUR');
    return value ? formatMoney(value, locale) : decimal;
  };
  const mad = moneyFromApi(credited, 'MAD');
  const rows: [string, string, string][] = [
    ['paid', t('transactions.topUp.paid'), eur(topUp.paid_amount)],
    ['converted', t('transactions.topUp.converted'), eur(topUp.converted_amount)],
    ['fee', t('transactions.topUp.fee'), eur(topUp.fee_amount)],
    ['rate', t('transactions.topUp.rate'), `1 EUR = ${formatRate(topUp.rate, locale)}`],
    ['credited', t('transactions.topUp.credited'), mad ? formatMoney(mad, locale) : credited],
  ];
  return (
    <section className={cards.card} data-testid="top-up-block">
      <h2 className={cards.heading}>{t('transactions.topUp.title')}</h2>
      <dl className={styles.facts}>
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`top-up-${key}`}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
