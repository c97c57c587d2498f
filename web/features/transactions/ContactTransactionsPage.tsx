import { useTranslation } from '../../i18n/i18n';
import { useParams, useSearchParams } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { TransactionList } from './TransactionList';

/** A contact's transactions: the transactions with this contact's user, page size 10, filters, pages. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const user = params.get('user') ?? undefined;
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.contactTransactions')} backTo={withLang(`/contacts/${encodeURIComponent(id)}`)} />
      {user ? <TransactionList pageSize={10} user={user} /> : <p className={form.intro}>{t('transactions.empty')}</p>}
    </main>
  );
}
