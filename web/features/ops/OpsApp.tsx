import { useLayoutEffect } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import type { User } from '../../../common/api/users';
import { useTranslation } from '../../i18n/i18n';
import { useLogout } from '../../shared/session/use-logout';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { PlaceholderPage } from '../../ui/PlaceholderPage';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AgenciesPage } from './AgenciesPage';
import { ApprovalsPage } from './ApprovalsPage';
import { AuditPage } from './AuditPage';
import { CasePage } from './CasePage';
import { CasesPage } from './CasesPage';
import { CustomerDetailPage } from './CustomerDetailPage';
import { CustomersPage } from './CustomersPage';
import { DashboardPage } from './DashboardPage';
import { LiabilitiesPage } from './LiabilitiesPage';
import { PayoutFileDetailPage, PayoutFilesPage } from './PayoutFilesPage';
import { RatesPage } from './RatesPage';
import { ReconciliationPage } from './ReconciliationPage';
import styles from './Ops.module.css';
import type { OpsKey } from './ops-i18n';
import { useOpsTranslation } from './ops-i18n';
import { OperatorsPage } from './OperatorsPage';
import { useOps } from './OpsParts';
import { ReviewsPage } from './ReviewsPage';
import { TransactionDetailPage } from './TransactionDetailPage';
import { TransactionsPage } from './TransactionsPage';
import { StaffContext } from './staff';
import { TellersPage } from './TellersPage';

/** The pages of the back-office, in the order of the navigation. */
const sections: { path: string; label: OpsKey }[] = [
  { path: '/ops', label: 'nav.dashboard' },
  { path: '/ops/customers', label: 'nav.customers' },
  { path: '/ops/transactions', label: 'nav.transactions' },
  { path: '/ops/approvals', label: 'nav.approvals' },
  { path: '/ops/cases', label: 'nav.cases' },
  { path: '/ops/rates', label: 'nav.rates' },
  { path: '/ops/reconciliation', label: 'nav.reconciliation' },
  { path: '/ops/payout-files', label: 'payoutFiles.nav' },
  { path: '/ops/liabilities', label: 'liabilities.nav' },
  { path: '/ops/agencies', label: 'nav.agencies' },
  { path: '/ops/tellers', label: 'nav.tellers' },
  { path: '/ops/reviews', label: 'nav.reviews' },
  { path: '/ops/audit', label: 'nav.audit' },
  { path: '/ops/operators', label: 'nav.operators' },
];

/**
 * The screens under /ops, matched here by `matchPath` (already in the shared framework chunk for the app's routes):
 * a flat list that reads in one place, each record's screen keyed by its path.
 */
const screens: { pattern: string; render: (id: string) => ReactNode }[] = [
  { pattern: '/ops', render: () => <DashboardPage /> },
  { pattern: '/ops/customers', render: () => <CustomersPage /> },
  { pattern: '/ops/customers/:id', render: (id) => <CustomerDetailPage id={id} /> },
  { pattern: '/ops/transactions', render: () => <TransactionsPage /> },
  { pattern: '/ops/transactions/:id', render: (id) => <TransactionDetailPage id={id} /> },
  { pattern: '/ops/approvals', render: () => <ApprovalsPage /> },
  { pattern: '/ops/cases', render: () => <CasesPage /> },
  { pattern: '/ops/cases/:id', render: (id) => <CasePage id={id} /> },
  { pattern: '/ops/rates', render: () => <RatesPage /> },
  { pattern: '/ops/reconciliation', render: () => <ReconciliationPage /> },
  { pattern: '/ops/payout-files', render: () => <PayoutFilesPage /> },
  { pattern: '/ops/payout-files/:id', render: (id) => <PayoutFileDetailPage id={id} /> },
  { pattern: '/ops/liabilities', render: () => <LiabilitiesPage /> },
  { pattern: '/ops/agencies', render: () => <AgenciesPage /> },
  { pattern: '/ops/tellers', render: () => <TellersPage /> },
  { pattern: '/ops/operators', render: () => <OperatorsPage /> },
  { pattern: '/ops/reviews', render: () => <ReviewsPage /> },
  { pattern: '/ops/audit', render: () => <AuditPage /> },
];

function OpsScreen() {
  const { pathname } = useLocation();
  for (const screen of screens) {
    const match = matchPath(screen.pattern, pathname);
    // A new key per record, so a screen's local state (a dialog, a draft) does not leak into the next one.
    if (match) return <div key={pathname}>{screen.render(match.params.id ?? '')}</div>;
  }
  return <PlaceholderPage titleKey="notFound" />;
}

/** Marks <html> while an ops screen is open: Ops.module.css hangs the back-office's theme and width on it. */
function useOpsTheme(): void {
  useLayoutEffect(() => {
    document.documentElement.dataset.ops = '';
    return () => {
      delete document.documentElement.dataset.ops;
    };
  }, []);
}

function OpsShell({ me }: { me: User }) {
  const { ot, withLang } = useOps();
  const logout = useLogout();
  useOpsTheme();
  useDocumentTitle(ot('title'));
  return (
    <div className={styles.shell} data-testid="ops-shell">
      <header className={styles.topbar}>
        <p className={styles.brand}>
          {ot('title')}
          <span className={styles.brandTag}>{ot(me.role === 'AUDITOR' ? 'role.auditor' : 'role.operator')}</span>
        </p>
        <div className={styles.who}>
          <span data-testid="ops-me">
            {me.first_name} {me.last_name}
          </span>
          <span className={styles.lang}>
            <LanguageSwitcher />
          </span>
          <button type="button" className={styles.logout} onClick={() => logout.mutate()} data-testid="ops-logout">
            {ot('nav.logout')}
          </button>
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={ot('nav.label')}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink className={styles.navLink} to={withLang(section.path)} end={section.path === '/ops'}>
                  {ot(section.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className={styles.main}>
          <StaffContext.Provider value={me}>
            <OpsScreen />
          </StaffContext.Provider>
        </main>
      </div>
    </div>
  );
}

/**
 * `/ops/*`: the back-office, one lazy chunk no customer or teller downloads on their way. Anyone but an
 * operator or auditor gets the not-found page: the screens say nothing of what is there (the API refuses them).
 */
export function Component() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { ready } = useOpsTranslation();
  const staff = me.data && (me.data.role === 'OPERATOR' || me.data.role === 'AUDITOR');
  if (me.data && !staff) return <PlaceholderPage titleKey="notFound" showHomeLink />;
  if (me.error && !me.data)
    return (
      <main className={styles.state} role="alert">
        <p className={styles.error}>{t('errors.unknown')}</p>
        <button type="button" className={styles.button} onClick={() => void me.refetch()}>
          {t('common.retry')}
        </button>
      </main>
    );
  if (!me.data || !ready)
    return (
      <main className={styles.state} role="status">
        {t('common.loading')}
      </main>
    );
  return <OpsShell me={me.data} />;
}
