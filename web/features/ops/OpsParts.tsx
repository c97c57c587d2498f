import { useState } from 'react';
import type { ReactNode } from 'react';
import { opsMessages } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import type { TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { dateTimeFormat } from '../../ui/intl-format';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import styles from './Ops.module.css';
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

/** A country's name in the operator's language from its ISO code ('FR' -> 'France'); the code if unknown. */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const isCalendarDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);

/** A calendar day ('1990-05-14') as text in the operator's language ('14 mai 1990'); any other text as it is. */
export function calendarDay(day: string, locale: string): string {
  if (!isCalendarDay(day)) return day;
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day ('1990-05-14') written out in the operator's language ('14 mai 1990'). */
export function CalendarDay({ day }: { day: string | null | undefined }) {
  const { locale } = useOps();
  if (!day || !isCalendarDay(day)) return <>{day ?? '—'}</>;
  return (
    <time dateTime={day} className={styles.nowrap}>
      {calendarDay(day, locale)}
    </time>
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

/** One fact of a record (a label and its value) inside a <dl>. */
/**
 * A recipient without an account, by the name the sender gave them, with the phone or e-mail the money waits on
 * as the second line; the phone alone when no name was given.
 */
export function RecipientWithoutAccount({ name, reach }: { name: string | null; reach: string | null }) {
  const contact = reach ? <bdi dir="ltr">{reach}</bdi> : null;
  if (!name) return contact ?? <>—</>;
  return (
    <>
      <bdi>{name}</bdi>
      {contact ? <span className={styles.secondLine}>{contact}</span> : null}
    </>
  );
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
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
