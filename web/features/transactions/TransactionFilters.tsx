import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { dateTimeFormat } from '../../ui/intl-format';
import { formatMoney } from '../../ui/money-format';
import styles from './Transactions.module.css';
import {
  categoryOptions,
  datesInOrder,
  emptyFilters,
  typedAmount,
  type CategoryFilter,
  type Filters,
} from '../../shared/transactions/transaction-rules';

interface Props {
  filters: Filters;
  onChange: (filters: Filters) => void;
  banker: boolean;
  hasUser: boolean;
}

type ChipKey = 'category' | 'amount' | 'startDate' | 'endDate';

/** A yyyy-mm-dd day in the locale's words ('3 nov. 2026', '٣ نوفمبر ٢٠٢٦'): the day itself, in no time zone. */
export function formatFilterDate(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * All transactions: category (by role), amount with the +-10 % box, start and end date.
 * A compact row (a 'Filters' button saying how many are on, and a chip per active filter, each
 * removable, dates in the locale's format); the form itself opens on demand instead of always taking the screen.
 */
export function TransactionFilters({ filters, onChange, banker, hasUser }: Props) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const datesErrorId = useId();
  const ordered = datesInOrder(filters);
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });

  const amount = typedAmount(filters.amount, locale);
  const chips: { key: ChipKey; text: string; clear: Partial<Filters> }[] = [];
  if (filters.category !== '')
    chips.push({ key: 'category', text: t(`transactions.categories.${filters.category}` as const), clear: { category: '' } });
  if (amount)
    chips.push({
      key: 'amount',
      text: `${filters.vary ? '≈ ' : ''}${formatMoney(amount, locale)}`,
      clear: { amount: '', vary: false },
    });
  if (filters.startDate !== '')
    chips.push({ key: 'startDate', text: t('transactions.fromDate', { date: formatFilterDate(filters.startDate, locale) }), clear: { startDate: '' } });
  if (filters.endDate !== '')
    chips.push({ key: 'endDate', text: t('transactions.toDate', { date: formatFilterDate(filters.endDate, locale) }), clear: { endDate: '' } });

  return (
    <div className={styles.filterBar}>
      <div className={styles.filterRow}>
        <button
          type="button"
          className={styles.filterToggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          data-testid="filters-toggle"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.filterIcon}>
            <path d="M3 5h18l-7 8v6l-4-2v-4z" />
          </svg>
          {chips.length > 0 ? t('transactions.filtersOn', { count: chips.length }) : t('transactions.filters')}
        </button>
        {chips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            className={styles.chip}
            onClick={() => set(chip.clear)}
            aria-label={t('transactions.removeFilter', { filter: chip.text })}
            data-testid={`filter-chip-${chip.key}`}
          >
            <bdi>{chip.text}</bdi>
            <span aria-hidden="true">×</span>
          </button>
        ))}
        {chips.length > 1 ? (
          <button type="button" className={styles.chipClear} onClick={() => onChange(emptyFilters)} data-testid="filters-clear-all">
            {t('transactions.clearFilters')}
          </button>
        ) : null}
      </div>
      {open || !ordered ? (
        <fieldset className={styles.filters} id={panelId} data-testid="transaction-filters">
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
            <input
              type="date"
              value={filters.endDate}
              onChange={(e) => set({ endDate: e.target.value })}
              aria-invalid={!ordered}
              aria-describedby={ordered ? undefined : datesErrorId}
              data-testid="filter-end"
            />
          </label>
          {ordered ? null : (
            <p className={styles.fieldError} id={datesErrorId} role="alert" data-testid="filter-dates-error">
              {t('statement.endBeforeStart')}
            </p>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}
