import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n';
import type { User } from '../../../common/api/users';
import { ApiError } from '../api/api-error';
import form from '../../ui/Form.module.css';

/** While the current user loads, or why it did not (a 401 is left to the session banner above the screen). */
export function UserLoadState({ query }: { query: UseQueryResult<User> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className={form.hint} role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 401) return null;
  return (
    <div className={form.field}>
      <p className={form.error} role="alert">
        {t('home.loadFailed')}
      </p>
      <button className={form.secondary} type="button" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
