import { useTranslation } from '../../i18n/i18n';
import styles from './Transactions.module.css';
import { categoryOptions, type CategoryFilter, type Filters } from '../../shared/transactions/transaction-rules';

interface Props {
  filters: Filters;
  onChange: (filters: Filters) => void;
  banker: boolean;
  hasUser: boolean;
}

/** SPEC.md 2.3 All transactions: category (by role, section 6), amount with the +-10 % box, start and end date. */
export function TransactionFilters({ filters, onChange, banker, hasUser }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <fieldset className={styles.filters} data-testid="transaction-filters">
      <legend className="visually-hidden">{t('transactions.filters')}</legend>
      <label>
        {t('transactions.category')}
        <select
          value={filters.category}
          onChange={(e) => set({ category: e.target.value as CategoryFilter })}
          data-testid="filter-category"
        >
          <option value="">{t('transactions.allCategories')}</option>
          {categoryOptions(banker, hasUser).map((c) => (
            <option key={c} value={c}>
              {c === '' ? null : t(`transactions.categories.${c}` as const)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('transactions.amount')}
        <input
          inputMode="decimal"
          value={filters.amount}
          onChange={(e) => set({ amount: e.target.value })}
          data-testid="filter-amount"
        />
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={filters.vary} onChange={(e) => set({ vary: e.target.checked })} data-testid="filter-vary" />
        {t('transactions.vary')}
      </label>
      <span />
      <label>
        {t('transactions.startDate')}
        <input type="date" value={filters.startDate} onChange={(e) => set({ startDate: e.target.value })} data-testid="filter-start" />
      </label>
      <label>
        {t('transactions.endDate')}
        <input type="date" value={filters.endDate} onChange={(e) => set({ endDate: e.target.value })} data-testid="filter-end" />
      </label>
    </fieldset>
  );
}
