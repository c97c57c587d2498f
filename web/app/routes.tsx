import { lazy, startTransition, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { StartupFallback } from './StartupFallback';
import type { RouteGate } from './route-gate';

type ScreenModule = Promise<{ Component: ComponentType }>;

/** Each route's chunk loader, so a navigation can start fetching it while the gate loads the catalogue. */
const chunkOf = new WeakMap<RouteObject, () => ScreenModule>();

/** A route whose screen (or layout) is its own chunk, fetched the first time the route is matched. */
function screen(route: RouteObject, load: () => ScreenModule): RouteObject {
  const Screen = lazy(() => load().then((module) => ({ default: module.Component })));
  const withScreen = { ...route, element: <Screen /> } as RouteObject;
  chunkOf.set(withScreen, load);
  return withScreen;
}

/**
 * Every route of the app, each screen in its own chunk. Static segments rank above dynamic ones in
 * React Router, and /transactions/create is also declared first so the intent reads from the table.
 */
export const screenRoutes: RouteObject[] = [
  screen({ index: true }, () => import('../features/home/HomePage')),
  screen({ path: 'auth/step1' }, () => import('../features/auth/LoginMethodPage')),
  screen({ path: 'auth/email/step1' }, () => import('../features/auth/EmailStep1Page')),
  screen({ path: 'auth/email/step2' }, () => import('../features/auth/EmailStep2Page')),
  screen({ path: 'auth/phone/step1' }, () => import('../features/auth/PhoneStep1Page')),
  screen({ path: 'auth/phone/step2' }, () => import('../features/auth/PhoneStep2Page')),
  screen({ path: 'auth/phone/step3' }, () => import('../features/auth/PhoneStep3Page')),
  screen({ path: 'auth/recover' }, () => import('../features/auth/RecoveryPage')),
  screen({ path: 'authentication/confirm-email' }, () => import('../features/auth/ConfirmEmailPage')),
  screen({ path: 'settings/profile' }, () => import('../features/settings/ProfilePage')),
  screen({ path: 'settings/security-code' }, () => import('../features/settings/SecurityCodePage')),
  screen({ path: 'settings/money-safe' }, () => import('../features/liabilities/MoneySafePage')),
  screen({ path: 'settings/identity' }, () => import('../features/kyc/IdentityPage')),
  screen({ path: 'contacts' }, () => import('../features/contacts/ContactsPage')),
  screen({ path: 'contacts/:id' }, () => import('../features/contacts/ContactDetailPage')),
  screen({ path: 'contacts/:id/transactions' }, () => import('../features/transactions/ContactTransactionsPage')),
  screen({ path: 'transactions' }, () => import('../features/transactions/TransactionsPage')),
  screen({ path: 'transactions/create' }, () => import('../features/transactions/TransactionCreatePage')),
  screen({ path: 'transactions/:id' }, () => import('../features/transactions/TransactionDetailPage')),
  screen({ path: 'schedules' }, () => import('../features/schedules/SchedulesPage')),
  screen({ path: 'schedules/new' }, () => import('../features/schedules/ScheduleCreatePage')),
  screen({ path: 'schedules/:id' }, () => import('../features/schedules/ScheduleDetailPage')),
  screen({ path: 'withdraw' }, () => import('../features/withdraw/WithdrawPage')),
  screen({ path: 'exchange' }, () => import('../features/exchange/ExchangePage')),
  screen({ path: 'notifications' }, () => import('../features/notifications/NotificationsPage')),
  screen({ path: 'rates' }, () => import('../features/rates/RatesPage')),
  screen({ path: 'help' }, () => import('../features/help/HelpPage')),
  screen({ path: 'help/new' }, () => import('../features/help/HelpNewPage')),
  screen({ path: 'help/:id' }, () => import('../features/help/HelpCasePage')),
  // The back-office: one lazy chunk with its own screens, its strings and its theme.
  screen({ path: 'ops/*' }, () => import('../features/ops/route').then((route) => route.loadOps())),
  screen({ path: '*' }, () => import('../features/not-found/NotFoundPage')),
];

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      // The welcome page needs no server state: it stays outside the query layout (a smaller first load).
      screen({ path: 'auth' }, () => import('../features/auth/WelcomePage')),
      screen({ children: screenRoutes }, () => import('./ServerStateLayout')),
    ],
  },
];

/** Starts fetching the chunks of the screen a location shows (the layout's and the screen's), all at once. */
function preloadScreen(location: Location): void {
  for (const match of matchRoutes(routes, location) ?? [])
    void chunkOf
      .get(match.route)?.()
      .catch(() => undefined);
}

export interface GatedRoutesProps {
  gate: RouteGate;
  /** Told each location once its screen is shown (the service worker's updates wait for a route change). */
  onNavigated?: (location: Location) => void;
}

/**
 * The app's routes behind the gate: every navigation, including one that changes only the path or only the hash,
 * passes the guard and has its catalogue before the screen renders, so no protected screen flashes and no key shows
 * untranslated. Until then the previous screen stays (the first load shows the startup fallback); a redirect
 * replaces the location it bounces from.
 */
export function GatedRoutes({ gate, onNavigated }: GatedRoutesProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Location | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useLayoutEffect(() => {
    let current = true;
    preloadScreen(location);
    gate(new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin)).then(
      (redirect) => {
        if (!current) return;
        if (redirect === null) startTransition(() => setShown(location));
        else void navigate(redirect, { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [gate, location, navigate]);

  useEffect(() => {
    if (shown) onNavigated?.(shown);
  }, [shown, onNavigated]);

  // A catalogue that failed to load (offline, a deploy during the visit): the error page, as for a screen's chunk.
  if (failure) throw failure.error;
  return shown ? <ShownRoutes location={shown} /> : <StartupFallback />;
}

function ShownRoutes({ location }: { location: Location }) {
  return <Suspense fallback={<StartupFallback />}>{useRoutes(routes, location)}</Suspense>;
}
