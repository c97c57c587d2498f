import type { RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { RouteErrorPage } from './RouteErrorPage';
import { StartupFallback } from './StartupFallback';
import { createRootLoader } from './root-loader';
import type { RootLoaderDeps } from './root-loader';

/**
 * Every route of the app, each screen in its own chunk. Static segments rank above dynamic ones in
 * React Router, and /transactions/create is also declared first so the intent reads from the table.
 */
export const screenRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/home/HomePage') },
  { path: 'auth/step1', lazy: () => import('../features/auth/LoginMethodPage') },
  { path: 'auth/email/step1', lazy: () => import('../features/auth/EmailStep1Page') },
  { path: 'auth/email/step2', lazy: () => import('../features/auth/EmailStep2Page') },
  { path: 'auth/phone/step1', lazy: () => import('../features/auth/PhoneStep1Page') },
  { path: 'auth/phone/step2', lazy: () => import('../features/auth/PhoneStep2Page') },
  { path: 'auth/phone/step3', lazy: () => import('../features/auth/PhoneStep3Page') },
  { path: 'auth/recover', lazy: () => import('../features/auth/RecoveryPage') },
  { path: 'authentication/confirm-email', lazy: () => import('../features/auth/ConfirmEmailPage') },
  { path: 'settings/profile', lazy: () => import('../features/settings/ProfilePage') },
  { path: 'settings/security-code', lazy: () => import('../features/settings/SecurityCodePage') },
  { path: 'settings/money-safe', lazy: () => import('../features/liabilities/MoneySafePage') },
  { path: 'settings/identity', lazy: () => import('../features/kyc/IdentityPage') },
  { path: 'contacts', lazy: () => import('../features/contacts/ContactsPage') },
  { path: 'contacts/:id', lazy: () => import('../features/contacts/ContactDetailPage') },
  { path: 'contacts/:id/transactions', lazy: () => import('../features/transactions/ContactTransactionsPage') },
  { path: 'transactions', lazy: () => import('../features/transactions/TransactionsPage') },
  { path: 'transactions/create', lazy: () => import('../features/transactions/TransactionCreatePage') },
  { path: 'transactions/:id', lazy: () => import('../features/transactions/TransactionDetailPage') },
  { path: 'schedules', lazy: () => import('../features/schedules/SchedulesPage') },
  { path: 'schedules/new', lazy: () => import('../features/schedules/ScheduleCreatePage') },
  { path: 'schedules/:id', lazy: () => import('../features/schedules/ScheduleDetailPage') },
  { path: 'withdraw', lazy: () => import('../features/withdraw/WithdrawPage') },
  { path: 'exchange', lazy: () => import('../features/exchange/ExchangePage') },
  { path: 'notifications', lazy: () => import('../features/notifications/NotificationsPage') },
  { path: 'rates', lazy: () => import('../features/rates/RatesPage') },
  { path: 'help', lazy: () => import('../features/help/HelpPage') },
  { path: 'help/new', lazy: () => import('../features/help/HelpNewPage') },
  { path: 'help/:id', lazy: () => import('../features/help/HelpCasePage') },
  // The back-office: one lazy chunk with its own nested routes, its strings and its theme.
  { path: 'ops/*', lazy: () => import('../features/ops/route').then((route) => route.loadOps()) },
  { path: '*', lazy: () => import('../features/not-found/NotFoundPage') },
];

export function createRoutes(deps: RootLoaderDeps): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: StartupFallback,
      loader: createRootLoader(deps),
      // The guard must see every navigation, including ones that change only the path or only the hash.
      shouldRevalidate: () => true,
      children: [
        // The welcome page needs no server state: it stays outside the query layout (a smaller first load).
        { path: 'auth', lazy: () => import('../features/auth/WelcomePage') },
        { id: 'server-state', lazy: () => import('./ServerStateLayout'), children: screenRoutes },
      ],
    },
  ];
}
