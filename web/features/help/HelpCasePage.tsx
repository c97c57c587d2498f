import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { CaseThread } from './CaseThread';
import { caseQuery } from './help-api';

/** `/help/:id`: one of the customer's cases, its thread and the reply box. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const { id = '' } = useParams();
  const query = useQuery(caseQuery(id));
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <main className={form.page} data-testid="help-case-page">
      <ScreenHeader title={t('help.caseTitle')} backTo={withLang('/help')} />
      {query.isPending ? <p>{t('common.loading')}</p> : null}
      {query.isError ? <p role="alert">{t(missing ? 'help.notFound' : 'help.loadError')}</p> : null}
      {query.data ? <CaseThread item={query.data} /> : null}
    </main>
  );
}
