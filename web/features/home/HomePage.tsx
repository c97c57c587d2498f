import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recentTransactionsQuery } from '../../shared/transactions/transaction-queries';
import type { User } from '../../../common/api/users';
import { InstallButton } from '../../ui/InstallButton';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useWithLang } from '../../ui/with-lang';
import { MyRateWidget } from './MyRateWidget';
import { NotificationBell } from './NotificationBell';
import { initials } from '../../shared/users/initials';
import { RecentTransactions } from './RecentTransactions';
import { PayoutsToday } from './PayoutsToday';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { UserLoadState } from '../../shared/users/UserLoadState';
import { BottomNav } from '../../ui/BottomNav';
import styles from './HomePage.module.css';
import { balanceView, homeTargets } from './balance';
import { LimitsSummary } from '../../shared/limits/LimitsSummary';
import { useEffect } from 'react';
import { currentSessionUserId, pruneFromList, rememberBalance } from '../../shared/offline/offline-store';
import { unreachable } from '../../shared/offline/use-offline';
import { OfflineHome, hasOfflineHome } from './OfflineHome';
import { Balance } from './BalanceCard';

/** The three money actions, each an icon in a filled disc above its label. */
const actionIcons = {
  // An upward arrow: "send it off" has no left or right, so it never needs mirroring in Arabic.
  send: <path d="M12 19V5M6 11l6-6 6 6" />,
  add: <path d="M12 5v14M5 12h14" />,
  // Banknote: the cash taken out at an agency.
  withdraw: (
    <>
      <rect x="3" y="6.5" width="18" height="11" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
    </>
  ),
};

function ActionLink({ to, kind, label }: { to: string; kind: keyof typeof actionIcons; label: string }) {
  return (
    <Link className={styles.action} to={to} data-testid={`home-${kind}`}>
      <span className={styles.actionIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24">{actionIcons[kind]}</svg>
      </span>
      <span className={styles.actionLabel}>{label}</span>
    </Link>
  );
}

function CustomerActions({ user }: { user: User }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const targets = homeTargets(balanceView(user.balance, user.rate)?.mad);
  return (
    <nav className={styles.actions} aria-label={t('home.actions')} data-testid="customer-actions">
      <ActionLink to={withLang(targets.send)} kind="send" label={t('home.send')} />
      <ActionLink to={withLang(targets.add)} kind="add" label={t('home.add')} />
      <ActionLink to={withLang(targets.withdraw)} kind="withdraw" label={t('home.withdraw')} />
    </nav>
  );
}

/**
 * The home screen. Customers get their balance, the three money buttons and the bottom navigation; a banker what
 * their agency paid out today and the accept-withdrawal button (no balance: a teller holds none). The role comes from
 * the server's user, not from the theme's stored role.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const user = useCurrentUser();
  // Asked in the same round as the user, not after it: the rows do not depend on who asks.
  const recent = useQuery(recentTransactionsQuery());
  useDocumentTitle(t('pages.home'));
  // The balance is kept for the home with no network; codes the rows show paid or cancelled go.
  useEffect(() => {
    if (user.data && user.data.role !== 'BANKER') rememberBalance(currentSessionUserId(), user.data);
  }, [user.data]);
  useEffect(() => {
    if (recent.data) pruneFromList(currentSessionUserId(), recent.data.results);
  }, [recent.data]);
  if (!user.data && unreachable(user) && hasOfflineHome(currentSessionUserId())) {
    return <OfflineHome userId={currentSessionUserId()} />;
  }
  if (!user.data) {
    return (
      <main className={styles.page}>
        <UserLoadState query={user} />
      </main>
    );
  }
  const me = user.data;
  const isBanker = me.role === 'BANKER';
  return (
    <>
      <main className={styles.page} data-testid={isBanker ? 'banker-home' : 'customer-home'}>
        <div className={styles.top}>
          <h1 className={styles.hello}>
            {me.first_name ? tIsolated(t, 'home.hello', { name: me.first_name }) : t('home.helloNoName')}
          </h1>
          {isBanker ? null : <NotificationBell />}
        </div>
        {isBanker ? (
          <>
            <PayoutsToday />
            <p className={styles.intro}>{t('home.bankerIntro')}</p>
            <Link className={styles.primary} to={withLang('/withdraw')} data-testid="accept-withdrawal">
              {t('home.acceptWithdrawal')}
            </Link>
          </>
        ) : (
          <>
            <Balance user={me} />
            <CustomerActions user={me} />
          </>
        )}
        <LimitsSummary user={me} kinds={['outgoing', 'topup']} />
        <RecentTransactions banker={isBanker} />
        <MyRateWidget user={me} />
        {/* Shown whenever the browser offers it, so to signed-in users too, not only on the welcome page. */}
        <InstallButton className={styles.install} label={t('welcome.install')} />
      </main>
      {isBanker ? null : <BottomNav initials={initials(me.first_name, me.last_name)} />}
    </>
  );
}
