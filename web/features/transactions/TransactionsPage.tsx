import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { BottomNav } from '../../ui/BottomNav';
import { initials } from '../../shared/users/initials';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { TransactionList } from './TransactionList';

/** All transactions: back to /, page size 10, filters, pagination, bottom navigation. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const me = useCurrentUser();
  return (
    <>
      <main className={form.page}>
        <ScreenHeader title={t('pages.transactions')} backTo={withLang('/')} />
        {me.data?.role === 'customer' ? (
          <Link className={form.tapLink} to={withLang('/schedules')} data-testid="schedules-link">
            {t('schedules.title')}
          </Link>
        ) : null}
        <TransactionList pageSize={10} withExport />
      </main>
      {me.data && me.data.role !== 'BANKER' ? <BottomNav initials={initials(me.data.first_name, me.data.last_name)} /> : null}
    </>
  );
}
