import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { emptyFilters, filtersToQuery, type CategoryFilter, type Filters } from '../../shared/transactions/transaction-rules';
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

const categories: readonly CategoryFilter[] = ['', 'sending', 'reception', 'exchange', 'withdraw'];
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a history URL carries (anything unexpected reads as no filter). */
export function filtersFromUrl(params: URLSearchParams): Filters {
  const category = params.get('category') ?? '';
  const start = params.get('from') ?? '';
  const end = params.get('to') ?? '';
  return {
    category: categories.find((c) => c === category) ?? '',
    amount: (params.get('amount') ?? '').slice(0, 20),
    vary: params.get('vary') === '1',
    startDate: day.test(start) ? start : '',
    endDate: day.test(end) ? end : '',
  };
}

function pageFromUrl(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The URL's other parameters (lang, user) kept; the filters and the page written, the empty ones left out. */
function filtersToUrl(current: URLSearchParams, f: Filters, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string) => (value === '' ? next.delete(key) : next.set(key, value));
  set('category', f.category);
  set('amount', f.amount);
  set('vary', f.vary ? '1' : '');
  set('from', f.startDate);
  set('to', f.endDate);
  set('page', page > 1 ? String(page) : '');
  return next;
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
  const [params, setParams] = useSearchParams();
  // With filters (the history pages), the page and the filters live in the URL too: the detail's back arrow and
  // the browser's back come back to the same filtered page.
  const [page, setPageState] = useState(() => (withFilters ? pageFromUrl(params) : 1));
  const [filters, setFilters] = useState<Filters>(() => (withFilters ? filtersFromUrl(params) : emptyFilters));
  const remember = (nextFilters: Filters, nextPage: number) => {
    if (!withFilters) return;
    setParams((current) => filtersToUrl(current, nextFilters, nextPage), { replace: true });
  };
  const setPage = (next: number) => {
    setPageState(next);
    remember(filters, next);
  };
  const debounced = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const query = filtersToQuery(debounced, intlLocale(i18n.language));
  const list = useTransactionsPage({ page, pageSize, user, query });
  const filtered = Object.values(query).some((value) => value !== undefined);
  const change = (next: Filters) => {
    setFilters(next);
    setPageState(1);
    remember(next, 1);
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
