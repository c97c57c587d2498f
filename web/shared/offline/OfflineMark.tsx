import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { formatLongDate } from '../transactions/transaction-rules';
import styles from './Offline.module.css';

/** 'Offline — last updated <time>' above anything shown from the copy kept on this phone. */
export function OfflineMark({ savedAt }: { savedAt: string }) {
  const { t, i18n } = useTranslation();
  const date = formatLongDate(savedAt, intlLocale(i18n.language), t('transactions.at'));
  return (
    <p className={styles.mark} role="status" data-testid="offline-mark">
      {/* A cloud struck through: no network. Symmetric, so never mirrored. */}
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.3 9.1 4.5 4.5 0 0 0 7 18zM3 3l18 18" />
      </svg>
      <span>{t('offline.mark', { date })}</span>
    </p>
  );
}
