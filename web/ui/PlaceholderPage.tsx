import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';
import styles from './PlaceholderPage.module.css';
import { useDocumentTitle } from './use-document-title';

export type PageTitleKey =
  | 'home'
  | 'authMethod'
  | 'emailStep1'
  | 'emailStep2'
  | 'phoneStep1'
  | 'phoneStep2'
  | 'phoneStep3'
  | 'confirmEmail'
  | 'profile'
  | 'securityCode'
  | 'contacts'
  | 'contactDetail'
  | 'contactTransactions'
  | 'transactions'
  | 'transactionCreate'
  | 'transactionDetail'
  | 'withdraw'
  | 'exchange'
  | 'rates'
  | 'notFound';

/** Stands in for a screen a later issue builds: the route, its title and a way back already work. */
export function PlaceholderPage({ titleKey, showHomeLink = false }: { titleKey: PageTitleKey; showHomeLink?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`pages.${titleKey}`));
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t(`pages.${titleKey}`)}</h1>
      {titleKey === 'notFound' ? null : <p className={styles.text}>{t('app.comingSoon')}</p>}
      {showHomeLink ? (
        <Link className={styles.link} to="/">
          {t('app.backHome')}
        </Link>
      ) : null}
    </main>
  );
}
