import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isAuthPath, isGuardExempt } from '../app-paths';
import { useCurrentUser } from '../users/use-current-user';
import styles from './TellerMenu.module.css';

// Only tellers load the bar: customers' screens do not download it.
const TellerBar = lazy(() => import('./TellerBar').then((m) => ({ default: m.TellerBar })));

/**
 * The teller's bar on every counter screen: which agency this counter is, and a menu with the settings, the
 * security code and sign-out. A counter PC is shared, so signing out must never take more than two taps from
 * wherever the teller is. Customers and the back-office have their own navigation: nothing shows for them.
 */
export function TellerMenu() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  if (isAuthPath(pathname) || isGuardExempt(pathname) || pathname.startsWith('/ops')) return null;
  if (user.data?.role !== 'BANKER') return null;
  // Keyed by the path: the menu closes on every navigation.
  return (
    <Suspense fallback={<BarPlace />}>
      <TellerBar key={pathname} user={user.data} />
    </Suspense>
  );
}

/**
 * The bar's place while its code loads, as tall as the bar (its padding around a button's height): arriving after
 * the screen, the bar pushed the screen down under the teller's finger, and a tap on 'Accept a withdrawal' landed
 * on the text above it.
 */
function BarPlace() {
  return (
    <div className={styles.bar} aria-hidden="true" data-testid="teller-bar-place">
      <span className={`${styles.button} ${styles.placeholder}`} />
    </div>
  );
}
