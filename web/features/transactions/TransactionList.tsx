import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { Pagination } from '../../ui/Pagination';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useCurrentUser } from '../../shared/users/use-current-user';
import styles from './Transactions.module.css';
import { TransactionFilters } from './TransactionFilters';
import { StatementExport } from './StatementExport';
import { TransactionRow } from '../../shared/transactions/TransactionRow';
import { emptyFilters, filtersToQuery, type Filters } from '../../shared/transactions/transaction-rules';
import { useTransactionsPage } from './use-transactions';

/** The amount filter is debounced 300 ms. */
const FILTER_DEBOUNCE_MS = 300;

interface Props {
  pageSize: number;
  user?: string | undefined;
  /** Home and the contact preview show rows only. */
  withFilters?: boolean;
  withPagination?: boolean;
  /** The statement button: the all-transactions screen only, with its date filters. */
  withExport?: boolean;
}

/** The first unfiltered page a TransactionList shows (same query, same cache): for 'see all' links and the like. */
export function useFirstPage(pageSize: number, user?: string) {
  const { i18n } = useTranslation();
  return useTransactionsPage({ page: 1, pageSize, user, query: filtersToQuery(emptyFilters, intlLocale(i18n.language)) });
}

export function TransactionList({ pageSize, user, withFilters = true, withPagination = true, withExport = false }: Props) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const banker = me.data?.role === 'BANKER';
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const debounced = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const query = filtersToQuery(debounced, intlLocale(i18n.language));
  const list = useTransactionsPage({ page, pageSize, user, query });
  const filtered = Object.values(query).some((value) => value !== undefined);
  const change = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  return (
    <section>
      {withFilters ? (
        <TransactionFilters
          filters={filters}
          banker={banker}
          hasUser={user !== undefined}
          onChange={change}
        />
      ) : null}
      {withExport ? <StatementExport filters={filters} /> : null}
      {list.isPending ? <p className={styles.muted}>{t('transactions.loading')}</p> : null}
      {list.isError ? <p className={styles.muted}>{t('errors.unknown')}</p> : null}
      {list.data && list.data.count === 0 && filtered ? (
        // A filter that matches nothing is not an empty history: say so, and offer the way back.
        <div className={styles.emptyFiltered} data-testid="transactions-no-match">
          <p className={styles.muted}>{t('transactions.noMatch')}</p>
          <button type="button" className={form.secondary} onClick={() => change(emptyFilters)} data-testid="clear-filters">
            {t('transactions.clearFilters')}
          </button>
        </div>
      ) : list.data && list.data.count === 0 ? (
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
