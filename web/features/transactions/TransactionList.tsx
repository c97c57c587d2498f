import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale';
import { Pagination } from '../../ui/Pagination';
import { useDebouncedValue } from '../contacts/use-debounced-value';
import { useCurrentUser } from '../users/use-current-user';
import styles from './Transactions.module.css';
import { TransactionFilters } from './TransactionFilters';
import { TransactionRow } from './TransactionRow';
import { emptyFilters, filtersToQuery, type Filters } from './transaction-rules';
import { useTransactionsPage } from './use-transactions';

/** SPEC.md section 9: the amount filter is debounced 300 ms. */
const FILTER_DEBOUNCE_MS = 300;

interface Props {
  pageSize: number;
  user?: string | undefined;
  /** Home and the contact preview show rows only. */
  withFilters?: boolean;
  withPagination?: boolean;
}

export function TransactionList({ pageSize, user, withFilters = true, withPagination = true }: Props) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const banker = me.data?.role === 'BANKER';
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const debounced = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const list = useTransactionsPage({ page, pageSize, user, query: filtersToQuery(debounced, intlLocale(i18n.language)) });
  return (
    <section>
      {withFilters ? (
        <TransactionFilters
          filters={filters}
          banker={banker}
          hasUser={user !== undefined}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      ) : null}
      {list.isPending ? <p className={styles.muted}>{t('transactions.loading')}</p> : null}
      {list.isError ? <p className={styles.muted}>{t('errors.unknown')}</p> : null}
      {list.data && list.data.count === 0 ? (
        <p className={styles.muted} data-testid="transactions-empty">
          {t('transactions.empty')}
        </p>
      ) : null}
      <ul className={styles.list} data-testid="transactions-list">
        {list.data?.results.map((tx) => <TransactionRow key={tx.id} tx={tx} banker={banker} />)}
      </ul>
      {withPagination && list.data ? (
        <Pagination page={page} count={list.data.count} pageSize={pageSize} onPage={setPage} />
      ) : null}
    </section>
  );
}
