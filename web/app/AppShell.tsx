import { Outlet } from 'react-router';
import styles from './AppShell.module.css';
import { useAppHeight } from './use-app-height';
import { useTheme } from './use-theme';

/** The 450 px app column at full height, under the current theme. */
export function AppShell() {
  useAppHeight();
  useTheme();
  // The banner shown with no current user needs server state: it lives in ServerStateLayout.
  return (
    <div className={styles.column}>
      <Outlet />
    </div>
  );
}
