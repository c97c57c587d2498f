import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import { TransactionPreview } from '../../shared/transactions/TransactionPreview';
import { recentTransactionsQuery, recentParams } from '../../shared/transactions/transaction-queries';
import { useWithLang } from '../../ui/with-lang';
import styles from './HomePage.module.css';
import form from '../../ui/Form.module.css';

/**
 * The home screen's last 4 transactions (6 for a banker) and a see-all link to /transactions. Rows only: the
 * history's filters and paging are not part of the home's first load.
 */
export function RecentTransactions({ banker }: { banker: boolean }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const list = useQuery(recentTransactionsQuery());
  return (
    <section data-testid="recent-transactions">
      <div className={styles.seeAll}>
        <h2 className={styles.heading}>{t('transactions.recent')}</h2>
        {/* 'See all' leads to a list: with nothing in it, the link would lead nowhere. */}
        {(list.data?.count ?? 0) > 0 ? (
          <Link className={form.tapLink} to={withLang('/transactions')} data-testid="see-all-transactions">
            {t('transactions.seeAll')}
          </Link>
        ) : null}
      </div>
      <TransactionPreview params={recentParams} limit={banker ? 6 : 4} banker={banker} />
    </section>
  );
}
