import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormEvent, ReactNode } from 'react';
import { opsMessages } from '../../../common/api/messages';
import { ApiError } from '../../app/api-error';
import { useTranslation } from '../../i18n/i18n';
import type { TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { dateTimeFormat } from '../../ui/intl-format';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import styles from './Ops.module.css';
import type { Page, Query } from './ops-api';
import { useOpsTranslation } from './ops-i18n';
import type { OpsKey, OpsT } from './ops-i18n';

/** Everything an ops screen reads to render text: both translators, the locale, links that keep `lang`. */
export function useOps() {
  const { t } = useTranslation();
  const { ot, language } = useOpsTranslation();
  const withLang = useWithLang();
  return { t, ot, language, locale: intlLocale(language), withLang };
}

// Every server message of opsMessages has its key `errors.<name>` (ops-i18n.test.ts checks the catalogues), so a
// new message needs only its three strings; the frozen one is worded by the shared catalogue (commonErrorText).
const opsTranslations = new Map<string, OpsKey>(
  (Object.keys(opsMessages) as (keyof typeof opsMessages)[])
    .filter((name) => name !== 'accountFrozen')
    .map((name) => [opsMessages[name], `errors.${name}` as OpsKey]),
);

/** One server message in the operator's language (a field's error): the back-office's own, else the shared one. */
export function opsMessageText(message: string, t: TFunction, ot: OpsT): string {
  const key = opsTranslations.get(message);
  return key ? ot(key) : translateServerMessage(message, t);
}

/** A failure in the operator's language: the shared wording first, then the back-office's own messages. */
export function opsErrorText(error: unknown, t: TFunction, ot: OpsT, language: string): string {
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const messages = [error.detail, ...Object.values(error.fieldErrors).flat()].filter(
    (m): m is string => m !== undefined,
  );
  for (const message of messages) {
    const key = opsTranslations.get(message);
    if (key) return ot(key);
  }
  if (error.status === 404) return ot('errors.notFound');
  if (error.status === 403) return ot('errors.staffOnly');
  const first = messages[0];
  return first === undefined ? t('errors.unknown') : translateServerMessage(first, t);
}

export function Money({ amount, currency = 'MAD' }: { amount: string | null | undefined; currency?: string }) {
  const { locale } = useOps();
  if (amount === null || amount === undefined) return <>—</>;
  const negative = amount.startsWith('-');
  const value = moneyFromApi(negative ? amount.slice(1) : amount, currency === 'EUR' ? 'EUR' : 'MAD');
  // Amounts read left to right inside Arabic text, with their sign.
  return (
    <bdi dir="ltr" className={styles.nowrap}>
      {value ? `${negative ? '−' : ''}${formatMoney(value, locale)}` : `${amount} ${currency}`}
    </bdi>
  );
}

export function DateTime({ iso }: { iso: string | null | undefined }) {
  const { locale } = useOps();
  if (!iso) return <>—</>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} className={styles.nowrap}>
      {dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date)}
    </time>
  );
}

/** Loading, failure (with retry) and empty states, the same on every screen. */
export function QueryState({
  isPending,
  error,
  onRetry,
  empty,
  emptyText,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  empty?: boolean;
  emptyText?: string;
}) {
  const { t, ot, language } = useOps();
  if (isPending)
    return (
      <p className={styles.state} role="status" data-testid="ops-loading">
        {ot('common.loading')}
      </p>
    );
  if (error)
    return (
      <div className={styles.state} role="alert" data-testid="ops-error">
        <p className={styles.error}>{opsErrorText(error, t, ot, language)}</p>
        <button type="button" className={styles.button} onClick={onRetry}>
          {ot('common.retry')}
        </button>
      </div>
    );
  if (empty)
    return (
      <p className={styles.state} data-testid="ops-empty">
        {emptyText ?? ot('common.empty')}
      </p>
    );
  return null;
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}

/** A table that scrolls sideways on a narrow screen; the region is focusable so the keyboard scrolls it too. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export interface ActionInput {
  reason: string;
  security_code: string;
}

/**
 * Every action that moves money or changes access: a reason for the audit line and the operator's security code
 * again, in a modal dialog (Escape closes it, the focus starts on the reason). The dialog stays open on a failure
 * and says why; on success it closes and the caller shows the outcome.
 */
/** The field-level messages of a dialog's last answer, for the fields its children render (DialogField). */
const DialogFieldErrors = createContext<Record<string, string[]>>({});

/**
 * One of a dialog's own fields (an e-mail, an agency) with the server's message for it under it, outlined and
 * marked aria-invalid (issue 15): the input is rendered by `children` with the attributes to spread on it.
 */
export function DialogField({
  name,
  label,
  htmlFor,
  children,
}: {
  name: string;
  label: ReactNode;
  htmlFor: string;
  children: (a11y: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { t, ot } = useOps();
  const errorId = useId();
  const message = useContext(DialogFieldErrors)[name]?.[0];
  return (
    <label className={styles.field} htmlFor={htmlFor}>
      {label}
      {children(message ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      {message ? (
        <span id={errorId} className={styles.fieldError} data-testid={`field-error-${name}`}>
          {opsMessageText(message, t, ot)}
        </span>
      ) : null}
    </label>
  );
}

/** The error left for the dialog's own line once the fields its children show have taken theirs. */
function unclaimedError(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof ApiError)) return error;
  const claimed = Object.keys(error.fieldErrors).filter((field) => fields.includes(field));
  if (claimed.length === 0) return error;
  const rest = Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => !claimed.includes(field)));
  if (error.detail === undefined && Object.keys(rest).length === 0) return null;
  return new ApiError({
    status: error.status,
    fieldErrors: rest,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    ...(error.attemptsRemaining === undefined ? {} : { attemptsRemaining: error.attemptsRemaining }),
    ...(error.lockedUntil === undefined ? {} : { lockedUntil: error.lockedUntil }),
  });
}

export function ActionDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  onClose,
  action,
  onDone,
  testId,
  children,
  fields = [],
  ready = true,
}: {
  title: string;
  /** The names of the fields `children` render with DialogField: their messages go under them, not below. */
  fields?: readonly string[];
  description?: ReactNode;
  /** The action's own fields (an e-mail, an agency), above the reason. */
  children?: ReactNode;
  /** False while those fields are incomplete: the confirm button waits. */
  ready?: boolean;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  action: (input: ActionInput) => Promise<unknown>;
  onDone: (result: unknown) => void;
  testId: string;
}) {
  const { t, ot, language } = useOps();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const codeId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate({ reason: reason.trim(), security_code: code });
  }

  const remaining = unclaimedError(mutation.error, fields);
  const codeWrong = mutation.error instanceof ApiError && mutation.error.fieldErrors.security_code !== undefined;
  const reasonWrong = mutation.error instanceof ApiError && mutation.error.fieldErrors.reason !== undefined;
  const localError =
    reason.trim().length > 0 && reason.trim().length < 3 ? ot('errors.reasonRequired') : undefined;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid={testId}
    >
      <form className={styles.dialogForm} onSubmit={submit}>
        <h2 id={titleId} className={styles.subtitle}>
          {title}
        </h2>
        {description ? <div>{description}</div> : null}
        <DialogFieldErrors.Provider value={mutation.error instanceof ApiError ? mutation.error.fieldErrors : {}}>
          {children}
        </DialogFieldErrors.Provider>
        <label className={styles.field} htmlFor={reasonId}>
          {ot('action.reason')}
          <textarea
            id={reasonId}
            className={styles.input}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            minLength={3}
            maxLength={1000}
            aria-invalid={reasonWrong || undefined}
            aria-describedby={reasonWrong ? errorId : undefined}
            // With fields of its own, the dialog starts on the first of them (showModal focuses it).
            autoFocus={children === undefined}
            data-testid="action-reason"
          />
        </label>
        <label className={styles.field} htmlFor={codeId}>
          {ot('action.securityCode')}
          <input
            id={codeId}
            className={styles.input}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-describedby={errorId}
            aria-invalid={codeWrong || undefined}
            data-testid="action-code"
          />
        </label>
        <p className={styles.muted}>{ot('action.securityCodeHint')}</p>
        <p id={errorId} className={styles.error} role="alert" data-testid="action-error">
          {localError ?? (remaining ? opsErrorText(remaining, t, ot, language) : '')}
        </p>
        <div className={styles.actions}>
          <button
            type="submit"
            className={danger ? styles.danger : styles.primary}
            disabled={mutation.isPending || !ready || reason.trim().length < 3 || code.length !== 6}
            data-testid="action-confirm"
          >
            {mutation.isPending ? ot('common.working') : confirmLabel}
          </button>
          <button type="button" className={styles.button} onClick={() => ref.current?.close()}>
            {ot('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A person's name, or their number when they have not given one yet (a teller added by e-mail). */
export function StaffName({ person }: { person: { id: number; first_name: string; last_name: string } }) {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name ? <bdi>{name}</bdi> : <span className={styles.muted}>#{person.id}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const { ot } = useOps();
  const tone = ['completed', 'validated', 'claimed', 'collected', 'approved', 'in_force'].includes(status)
    ? styles.badgeOk
    : ['cancelled', 'expired', 'rejected', 'superseded', 'refunded'].includes(status)
      ? styles.badgeBad
      : styles.badgeWarn;
  return <span className={tone}>{ot(`status.${status}` as OpsKey)}</span>;
}

/**
 * Filters live in the URL (a link to a filtered list can be shared, Back restores it); `lang` is kept, and any
 * change of filter goes back to page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
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
) {
  const { values, page, update } = useUrlFilters(keys);
  const [draft, setDraft] = useState(values);
  const query = { ...values, page, page_size: pageSize };
  const list = useQuery({
    queryKey: ['ops', name, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const set = (key: K) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    update(Object.fromEntries(keys.map((key) => [key, draft[key].trim()])));
  };
  const reset = () => {
    const empty = Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;
    setDraft(empty);
    update(empty);
  };
  return { values, page, update, draft, set, apply, reset, list, rows: list.data?.results ?? [] };
}

/** Loading, failure and empty states of a list, then its pager under the table. */
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

/** A CSV download button's state: fetching, and the failure in the operator's language (audit, reconciliation). */
export function useCsvDownload(download: () => Promise<void>) {
  const { t, ot, language } = useOps();
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  async function start() {
    setError(null);
    setDownloading(true);
    try {
      await download();
    } catch (failure) {
      setError(opsErrorText(failure, t, ot, language));
    } finally {
      setDownloading(false);
    }
  }
  return { error, downloading, start: () => void start() };
}
