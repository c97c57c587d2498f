import { useTranslation } from '../../i18n/i18n';
import { Link, useLocation } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { intlLocale } from '../../i18n/intl-locale';
import { useWithLang } from '../../ui/with-lang';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { tIsolated } from '../../ui/bidi';
import styles from './TransactionRow.module.css';
import type { TFunction } from '../../i18n/i18n';
import { formatListDate, listSign, rowLabel, rowStatus, type RowStatus } from './transaction-rules';

function statusText(t: TFunction, status: RowStatus): string {
  if (status === 'underReview' || status === 'unclaimed') return t(`transactions.${status}`);
  return t(`pickups.status.${status}`);
}

/** One history row: its label, date, signed amount; opens the detail. */
export function TransactionRow({ tx, banker }: { tx: Transaction; banker: boolean }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const location = useLocation();
  const locale = intlLocale(i18n.language);
  const label = rowLabel(tx, banker);
  const status = rowStatus(tx);
  const sign = listSign(tx.category);
  const amount = moneyFromApi(tx.amount, 'MAD');
  return (
    <li>
      <Link
        className={styles.row}
        to={withLang(`/transactions/${tx.id}?category=${tx.category}&banker=${banker}`)}
        // The detail's back arrow returns here: this list with its filters and page (they are in its URL).
        state={{ from: location.pathname + location.search }}
        data-testid="transaction-row"
      >
        <span className={styles.text}>
          <span className={styles.label}>
            <bdi>{tIsolated(t, `transactions.row.${label.key}` as const, { name: label.name })}</bdi>
          </span>
          <span className={styles.date}>{formatListDate(tx.date, locale)}</span>
          {status ? (
            <span className={styles.review} data-testid={status === 'underReview' ? 'under-review' : 'row-status'}>
              {statusText(t, status)}
            </span>
          ) : null}
        </span>
        <span className={sign === '-' ? styles.minus : styles.plus} data-testid="transaction-amount">
          <bdi>{amount ? formatMoney(amount, locale, sign) : tx.amount}</bdi>
        </span>
      </Link>
    </li>
  );
}
