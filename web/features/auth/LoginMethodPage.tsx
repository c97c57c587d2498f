import { useTranslation } from '../../i18n/i18n';
import { Link } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import styles from './LoginMethodPage.module.css';
import { readStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';

/** Sign-in: e-mail or phone. The account is tied to that identifier, hence "this choice is final". */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  // The teller's space (?role=banker on the welcome page): the identifier is the one the back-office registered.
  const staff = readStored(STORAGE_KEYS.role) === 'banker';
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.authMethod')} backTo={withLang('/auth')} />
      <p className={form.intro}>{t('auth.methodIntro')}</p>
      <p className={form.notice} data-testid="choice-final">
        {t(staff ? 'auth.methodStaff' : 'auth.methodFinal')}
      </p>
      <nav className={styles.choices}>
        <Link className={styles.choice} to={withLang('/auth/email/step1')} data-testid="method-email">
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3.5 6l8.5 7 8.5-7" />
          </svg>
          {t('auth.methodEmail')}
        </Link>
        <Link className={styles.choice} to={withLang('/auth/phone/step1')} data-testid="method-phone">
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
            <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
            <path d="M10.5 18.5h3" />
          </svg>
          {t('auth.methodPhone')}
        </Link>
      </nav>
      {staff ? null : (
        <p className={form.intro}>
          <Link className={form.link} to={withLang('/auth/recover')} data-testid="lost-access">
            {t('auth.lostAccess')}
          </Link>
        </p>
      )}
    </main>
  );
}
