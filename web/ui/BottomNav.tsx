import { useTranslation } from '../i18n/i18n';
import { NavLink } from 'react-router';
import { useWithLang } from './with-lang';
import styles from './BottomNav.module.css';

/** The home's navigation: Home, Recipients, the central round send button, and the avatar to the profile. */
export function BottomNav({ initials }: { initials: string }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  return (
    <nav className={styles.nav} aria-label={t('nav.label')} data-testid="bottom-nav">
      <NavLink className={styles.tab} to={withLang('/')} end>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 11l9-7 9 7" />
          <path d="M5 10v10h5v-6h4v6h5V10" />
        </svg>
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink className={styles.tab} to={withLang('/contacts')} end>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="9" cy="8" r="3.5" />
          <path d="M2.5 20c.8-3.6 3.3-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
          <circle cx="17" cy="9" r="2.5" />
          <path d="M17 14.5c2.3 0 4 1.4 4.5 4" />
        </svg>
        <span>{t('nav.recipients')}</span>
      </NavLink>
      <NavLink
        className={styles.send}
        to={withLang('/contacts?transaction=send')}
        aria-label={t('nav.send')}
        data-testid="nav-send"
      >
        {/* An upward arrow ("send it off"): it has no left or right, so it never needs mirroring. */}
        <svg className={styles.sendIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 3v18M5 10l7-7 7 7" />
        </svg>
      </NavLink>
      <NavLink className={styles.tab} to={withLang('/settings/profile')} data-testid="nav-profile">
        <span className={styles.avatar} aria-hidden="true" data-testid="avatar">
          {initials}
        </span>
        <span>{t('nav.profile')}</span>
      </NavLink>
    </nav>
  );
}
