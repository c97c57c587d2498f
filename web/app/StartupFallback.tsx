import { useTranslation } from 'react-i18next';
import styles from './StartupFallback.module.css';

/** Shown while the first guard decision and the first screen's chunk load. */
export function StartupFallback() {
  const { t } = useTranslation();
  return (
    <p className={styles.loading} role="status">
      {t('app.loading')}
    </p>
  );
}
