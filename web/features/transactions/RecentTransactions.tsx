import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWithLang } from '../../ui/with-lang';
import styles from './Transactions.module.css';
import { TransactionList } from './TransactionList';

/** SPEC.md 2.3 Home: the last 4 transactions (6 for a banker) and a see-all link to /transactions. */
export function RecentTransactions({ banker }: { banker: boolean }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  return (
    <section data-testid="recent-transactions">
      <div className={styles.seeAll}>
        <h2 className={styles.heading}>{t('transactions.recent')}</h2>
        <Link to={withLang('/transactions')} data-testid="see-all-transactions">
          {t('transactions.seeAll')}
        </Link>
      </div>
      <TransactionList pageSize={banker ? 6 : 4} withFilters={false} withPagination={false} />
    </section>
  );
}
