import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { CaseForm } from './CaseForm';

/** `/help/new[?transaction=ID]`: a new case, about that transfer when opened from its page. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('transaction');
  const transaction = raw !== null && /^[1-9]\d{0,14}$/u.test(raw) ? Number(raw) : null;
  return (
    <main className={form.page} data-testid="help-new-page">
      <ScreenHeader
        title={t('help.newTitle')}
        backTo={withLang(transaction !== null ? `/transactions/${transaction}` : '/help')}
      />
      <CaseForm
        transaction={transaction}
        onOpened={(made) => void navigate(withLang(`/help/${made.id}`), { replace: true })}
      />
    </main>
  );
}
