import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormEvent, ReactNode } from 'react';
import { DateInput } from '../../ui/DateInput';
import { Pagination } from '../../ui/Pagination';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { AgencySelect } from './AgencySelect';
import styles from './Ops.module.css';
import type { Page, Query } from './ops-api';
import { QueryState, useOps } from './OpsParts';

/** A table that scrolls sideways on a narrow screen; the region is focusable so the keyboard scrolls it too. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A column of a back-office table: its header's words and what a row shows in it. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures, aligned on the end side. */
  num?: boolean;
  className?: string;
  /** The cell names its row (a header cell for screen readers). */
  rowHeader?: boolean;
}

export interface TableProps<T> {
  label: string;
  rows: readonly T[];
  /** `false` leaves a column out (an auditor has no actions column). */
  columns: readonly (Column<T> | false)[];
  /** By default the row's `id`. */
  rowKey?: (row: T, index: number) => string | number;
  testId?: string;
  rowTestId?: string | ((row: T) => string);
  className?: string;
}

/** The back-office's one table: a header row, one row a record, figures aligned on the end side. */
export function OpsTable<T>({ label, rows, columns, rowKey, testId, rowTestId, className }: TableProps<T>) {
  const shown = columns.filter((c): c is Column<T> => c !== false);
  const cellClass = (c: Column<T>) => [c.num ? styles.num : '', c.className ?? ''].join(' ').trim() || undefined;
  return (
    <TableWrap label={label}>
      <table className={className ? `${styles.table} ${className}` : styles.table} data-testid={testId}>
        <thead>
          <tr>
            {shown.map((c, index) => (
              <th key={index} scope="col" className={c.num ? styles.num : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={rowKey ? rowKey(row, index) : ((row as { id?: number }).id ?? index)}
              data-testid={typeof rowTestId === 'function' ? rowTestId(row) : rowTestId}
            >
              {shown.map((c, column) =>
                c.rowHeader ? (
                  <th key={column} scope="row" className={cellClass(c)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={column} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** A section of a detail screen: its title, then its table, or a line saying there is nothing. */
export function TableSection<T>({
  title,
  empty,
  ...table
}: Omit<TableProps<T>, 'label'> & { title: string; empty?: ReactNode }) {
  const { ot } = useOps();
  return (
    <>
      <h2 className={styles.subtitle}>{title}</h2>
      {table.rows.length === 0 ? (
        (empty ?? <p className={styles.muted}>{ot('common.empty')}</p>)
      ) : (
        <OpsTable label={title} {...table} />
      )}
    </>
  );
}

/**
 * Filters live in the URL (a link to a filtered list can be shared, Back restores it); `lang` is kept, and any
 * change of filter goes back to page 1. A filter without a value in the URL has its default.
 */
export function useUrlFilters<K extends string>(keys: readonly K[], defaults: Partial<Record<K, string>> = {}) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) || (defaults[key] ?? '')])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const update = (changes: Partial<Record<string, string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { values, page, update };
}

/**
 * A paged list screen's state: filters in the URL (see useUrlFilters), a draft the form edits until Apply or
 * Enter, and the query of the current page, the previous page kept on screen while the next one loads.
 */
export function useOpsList<K extends string, T>(
  name: string,
  keys: readonly K[],
  pageSize: number,
  fetchPage: (query: Query, signal: AbortSignal) => Promise<Page<T>>,
  defaults: Partial<Record<K, string>> = {},
) {
  const { values, page, update } = useUrlFilters(keys, defaults);
  const [draft, setDraft] = useState(values);
  const query = { ...values, page, page_size: pageSize };
  const list = useQuery({
    queryKey: ['ops', name, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const set = (key: K) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  /** The draft into the URL, when it says something else than the URL does. */
  const applyDraft = () => {
    const next = Object.fromEntries(keys.map((key) => [key, draft[key].trim()])) as Record<K, string>;
    if (keys.some((key) => next[key] !== values[key])) update(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    applyDraft();
  };
  /** One filter at once, without Apply (a list's state select). */
  const choose = (key: K) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: event.target.value }));
    update({ [key]: event.target.value });
  };
  const reset = () => {
    const empty = Object.fromEntries(keys.map((key) => [key, defaults[key] ?? ''])) as Record<K, string>;
    setDraft(empty);
    update(Object.fromEntries(keys.map((key) => [key, ''])));
  };
  return {
    values,
    page,
    pageSize,
    update,
    draft,
    set,
    choose,
    apply,
    applyDraft,
    reset,
    list,
    rows: list.data?.results ?? [],
  };
}

type OpsList<K extends string, T> = ReturnType<typeof useOpsList<K, T>>;

/** Loading, failure and empty states of a list. */
export function ListState({ list, emptyText }: { list: UseQueryResult<Page<unknown>>; emptyText: string }) {
  return (
    <QueryState
      isPending={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      empty={list.data !== undefined && list.data.results.length === 0}
      emptyText={emptyText}
    />
  );
}

/** A list screen's body: its states, the count when asked, the table of the page and the pager under it. */
/** A back-office section whose list is named by its menu entry and says `{section}.empty` when nothing matches. */
export type ListSection =
  'agencies' | 'approvals' | 'audit' | 'customers' | 'operators' | 'reviews' | 'tellers' | 'transactions';

type ListViewProps<K extends string, T> = Omit<TableProps<T>, 'rows' | 'label'> & {
  state: OpsList<K, T>;
  showCount?: boolean;
} & (
    | { section: ListSection; emptyText?: undefined; label?: undefined }
    | { section?: undefined; emptyText: string; label: string }
  );

/**
 * A list's table with its loading, empty and paging states. A `section`'s list takes its name, its empty text
 * and its test id (`{section}-table`) from the section; another list says them itself.
 */
export function ListView<K extends string, T>({
  state,
  section,
  emptyText,
  label,
  showCount = false,
  ...table
}: ListViewProps<K, T>) {
  const { ot } = useOps();
  const { list, rows, page, pageSize, update } = state;
  const named = section
    ? { emptyText: ot(`${section}.empty`), label: ot(`nav.${section}`), testId: table.testId ?? `${section}-table` }
    : { emptyText, label, testId: table.testId };
  return (
    <>
      <ListState list={list} emptyText={named.emptyText} />
      {showCount && list.data && rows.length > 0 ? (
        <p className={styles.muted}>{ot('common.count', { count: list.data.count })}</p>
      ) : null}
      {rows.length > 0 ? <OpsTable rows={rows} {...table} label={named.label} testId={named.testId} /> : null}
      <Pagination
        page={page}
        count={list.data?.count ?? 0}
        pageSize={pageSize}
        onPage={(p) => update({ page: String(p) })}
      />
    </>
  );
}

/** A filter of a list: a field of the form above it. */
export interface Filter<K extends string> {
  key: K;
  label: string;
  /** `select` picks among `options` (with "all" first unless `instant`); `agency` among the agencies. */
  type?: 'search' | 'text' | 'date' | 'decimal' | 'numeric' | 'select' | 'agency';
  options?: readonly { value: string; label: string }[];
  /** A select that applies at once, without Apply, and has no "all". */
  instant?: boolean;
  placeholder?: string;
  /** Identifiers, codes and numbers: typed left to right. */
  ltr?: boolean;
  testId?: string;
}

/**
 * The form of a list's filters: each field under its label, then Apply and Reset (and the caller's own buttons).
 * A `live` form applies itself once typing has paused (300 ms): someone on the phone is being searched for.
 */
export function FilterForm<K extends string, T>({
  state,
  filters,
  live = false,
  resettable = true,
  applyTestId,
  testId,
  children,
}: {
  state: OpsList<K, T>;
  filters: readonly Filter<K>[];
  live?: boolean;
  resettable?: boolean;
  applyTestId?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { ot } = useOps();
  const { draft, set, choose, apply, applyDraft, reset } = state;
  const settled = useDebouncedValue(JSON.stringify(draft), 300);
  useEffect(() => {
    if (live) applyDraft();
    // Only the settled draft drives the URL; the URL's own changes do not loop back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const field = (f: Filter<K>) => {
    const common = { className: styles.input, value: draft[f.key], onChange: set(f.key), 'data-testid': f.testId };
    if (f.type === 'agency')
      return (
        <AgencySelect
          value={draft[f.key]}
          onChange={set(f.key)}
          allLabel={ot('agencies.all')}
          testId={f.testId ?? `filter-${f.key}`}
        />
      );
    if (f.type === 'select')
      return (
        <select {...common} onChange={f.instant ? choose(f.key) : set(f.key)}>
          {f.instant ? null : <option value="">{ot('common.all')}</option>}
          {f.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    return (
      <input
        {...common}
        className={f.type === 'search' ? `${styles.input} ${styles.wide}` : styles.input}
        type={f.type === 'search' ? f.type : 'text'}
        inputMode={f.type === 'decimal' || f.type === 'numeric' ? f.type : undefined}
        placeholder={f.placeholder}
        // Wide enough for its whole hint: a cut hint hides what can be searched.
        size={f.placeholder ? f.placeholder.length : undefined}
        dir={f.ltr || f.type === 'decimal' || f.type === 'numeric' ? 'ltr' : undefined}
      />
    );
  };
  const applies = filters.some((f) => !f.instant) && !live;
  return (
    <form className={styles.filters} onSubmit={apply} role="search" data-testid={testId}>
      {filters.map((f) =>
        f.type === 'date' ? (
          // The app's own date field, typed in the page language's order whatever the browser's language; its
          // calendar button sits beside it, so the label names the typed field alone.
          <div key={f.key} className={`${styles.field} ${styles.dateFilter}`}>
            <label htmlFor={`filter-${f.key}`}>{f.label}</label>
            <DateInput
              id={`filter-${f.key}`}
              value={draft[f.key]}
              onChange={(day) => set(f.key)({ target: { value: day } })}
              data-testid={f.testId ?? `filter-${f.key}`}
            />
          </div>
        ) : (
          <label key={f.key} className={styles.field}>
            {f.label}
            {field(f)}
          </label>
        ),
      )}
      {applies ? (
        <button type="submit" className={styles.primary} data-testid={applyTestId}>
          {ot('common.apply')}
        </button>
      ) : null}
      {resettable && filters.some((f) => !f.instant) ? (
        <button type="button" className={styles.button} onClick={reset}>
          {ot('common.reset')}
        </button>
      ) : null}
      {children}
    </form>
  );
}
