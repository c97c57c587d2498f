import { Outlet } from 'react-router';
import styles from './AppShell.module.css';
import { useAppHeight } from './use-app-height';
import { useTheme } from './use-theme';

/** The 450 px app column at full height, under the current theme. */
export function AppShell() {
  useAppHeight();
  useTheme();
  // TODO(issue identity): the top banner that leads to /auth/step1 when no current user is loaded.
  return (
    <div className={styles.column}>
      <Outlet />
    </div>
  );
}
