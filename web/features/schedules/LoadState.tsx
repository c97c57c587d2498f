import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';

/** While a schedules query loads, or why it did not: not found (another's or a wrong id), or failed with a retry. */
export function LoadState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <p className={form.hint} role="status">
        {t('common.loading')}
      </p>
    );
  // The session banner says what a 401 means.
  if (query.error instanceof ApiError && query.error.status === 401) return null;
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <p className={form.error} role="alert" data-testid="schedule-not-found">
        {t('schedules.notFound')}
      </p>
    );
  return (
    <div className={form.field}>
      <p className={form.error} role="alert">
        {t('schedules.loadFailed')}
      </p>
      <button className={form.secondary} type="button" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
