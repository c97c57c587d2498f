import { useTranslation } from '../../i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { InstallButton } from '../../ui/InstallButton';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { Logo } from '../../ui/Logo';
import styles from './WelcomePage.module.css';
import { useDocumentTitle } from '../../ui/use-document-title';
import { withLang } from '../../ui/with-lang';
import { roleSwitchTarget } from './welcome-links';

/**
 * The welcome screen. Clearing the stored role on opening, then applying ?role=, happens in the route gate
 * (nextStoredRole) so the theme is right on the first paint.
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const lang = searchParams.get('lang');
  const roleSwitch = roleSwitchTarget(searchParams.get('role'));
  const isBankerView = roleSwitch.role === 'customer';
  useDocumentTitle(t('welcome.title'));

  return (
    <main className={styles.page}>
      <header className={styles.toolbar}>
        <LanguageSwitcher />
      </header>

      {searchParams.get('closed') === '1' ? (
        <p className={styles.closed} role="status" data-testid="account-closed">
          {t('welcome.accountClosed')}
        </p>
      ) : null}
      <section className={styles.hero}>
        <Logo label={t('welcome.logo')} />
        <p className={styles.appName}>
          <span className={styles.brand}>{t('app.name')}</span>
          <span>{t('app.tagline')}</span>
        </p>
        {isBankerView ? <p className={styles.badge}>{t('welcome.bankerSpace')}</p> : null}
        <h1 className={styles.title}>{t('welcome.title')}</h1>
        <p className={styles.subtitle}>{t(isBankerView ? 'welcome.bankerSubtitle' : 'welcome.subtitle')}</p>
        <p className={styles.message}>{t(isBankerView ? 'welcome.bankerMessage' : 'welcome.message')}</p>
      </section>

      <nav className={styles.actions}>
        <Link className={styles.primary} to={withLang('/auth/step1', lang)}>
          {t('welcome.login')}
        </Link>
        {/* Staff accounts are made by the back-office: a teller only signs in. */}
        {isBankerView ? null : (
          <Link className={styles.secondary} to={withLang('/auth/step1', lang)} data-testid="welcome-register">
            {t('welcome.register')}
          </Link>
        )}
        <InstallButton className={styles.tertiary} label={t('welcome.install')} />
        <Link className={styles.roleSwitch} to={withLang(roleSwitch.to, lang)} data-testid="role-switch">
          {isBankerView ? t('welcome.roleCustomer') : t('welcome.roleBanker')}
        </Link>
      </nav>
    </main>
  );
}
