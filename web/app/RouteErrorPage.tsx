import { useTranslation } from '../i18n/i18n';
import { useRouteError } from 'react-router';
import styles from './RouteErrorPage.module.css';
import { useDocumentTitle } from '../ui/use-document-title';

/** Last resort for a screen that threw or a chunk that failed to load (often a deploy during a visit). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t('app.errorTitle'));
  console.error(error);
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>{t('app.errorTitle')}</h1>
      <button className={styles.button} type="button" onClick={() => window.location.reload()}>
        {t('app.errorRetry')}
      </button>
    </main>
  );
}
