import { useTranslation } from '../i18n/i18n';
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
