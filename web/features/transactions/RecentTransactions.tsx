import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import { useWithLang } from '../../ui/with-lang';
import styles from './Transactions.module.css';
import { TransactionList, useFirstPage } from './TransactionList';

/** SPEC.md 2.3 Home: the last 4 transactions (6 for a banker) and a see-all link to /transactions. */
export function RecentTransactions({ banker }: { banker: boolean }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const pageSize = banker ? 6 : 4;
  // 'See all' leads to a list: with nothing in it, the link would lead nowhere (issue 14 item 21).
  const any = (useFirstPage(pageSize).data?.count ?? 0) > 0;
  return (
    <section data-testid="recent-transactions">
      <div className={styles.seeAll}>
        <h2 className={styles.heading}>{t('transactions.recent')}</h2>
        {any ? (
          <Link to={withLang('/transactions')} data-testid="see-all-transactions">
            {t('transactions.seeAll')}
          </Link>
        ) : null}
      </div>
      <TransactionList pageSize={pageSize} withFilters={false} withPagination={false} />
    </section>
  );
}
