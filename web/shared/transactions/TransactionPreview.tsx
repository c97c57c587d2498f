import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n';
import styles from './TransactionRow.module.css';
import { TransactionRow } from './TransactionRow';
import { transactionsPageQuery, type ListParams } from './transaction-queries';

/**
 * The first rows of a history, without its filters and paging (home, a contact's detail): what those screens
 * load first stays small. `limit` rows of the page `params` asks for.
 */
export function TransactionPreview({ params, limit, banker }: { params: ListParams; limit: number; banker: boolean }) {
  const { t } = useTranslation();
  const list = useQuery(transactionsPageQuery(params));
  return (
    <>
      {list.isPending ? <p className={styles.muted}>{t('transactions.loading')}</p> : null}
      {list.isError ? <p className={styles.muted}>{t('errors.unknown')}</p> : null}
      {list.data?.count === 0 ? (
        <p className={styles.muted} data-testid="transactions-empty">
          {t('transactions.empty')}
        </p>
      ) : null}
      <ul className={styles.list} data-testid="transactions-list">
        {list.data?.results.slice(0, limit).map((tx) => (
          <TransactionRow key={tx.id} tx={tx} banker={banker} />
        ))}
      </ul>
    </>
  );
}
