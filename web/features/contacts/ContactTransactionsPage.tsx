import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';

// TODO(issue 7): the transactions with this contact, page size 10, with filters and pagination.
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const { id = '' } = useParams();
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.contactTransactions')} backTo={withLang(`/contacts/${encodeURIComponent(id)}`)} />
      <p className={form.intro}>{t('contacts.transactionsSoon')}</p>
    </main>
  );
}
