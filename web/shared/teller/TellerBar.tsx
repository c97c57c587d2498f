import { useEffect, useId, useRef, useState } from 'react';
import { cityIn } from '../../../common/i18n/city-names';
import { Link } from 'react-router';
import type { User } from '../../../common/api/users';
import { useTranslation } from '../../i18n/i18n';
import { formatAddress } from '../../ui/address';
import { useWithLang } from '../../ui/with-lang';
import { useLogout } from '../session/use-logout';
import styles from './TellerMenu.module.css';

/** The agency's name and the menu button; the menu names the agency, its address and the teller signed in. */
export function TellerBar({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const agency = user.agency;
  const address = agency ? formatAddress(agency.address, agency.zip_code, agency.city && cityIn(i18n.language, agency.city)) : '';
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  // An item closes the menu as it is tapped: the next screen can take a moment (its guard, its code on a slow
  // network), and a menu left open over the old screen invites a second tap on the button, which closed it.
  const close = () => setOpen(false);
  return (
    <div className={styles.bar} data-testid="teller-bar">
      <span className={styles.agency} data-testid="teller-bar-agency">
        <bdi>{agency?.name ?? ''}</bdi>
      </span>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        data-testid="teller-menu-button"
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        {t('tellerMenu.menu')}
      </button>
      {open ? (
        <nav id={menuId} className={styles.menu} aria-label={t('tellerMenu.menu')} data-testid="teller-menu">
          <p className={styles.who}>
            <strong>
              <bdi>{agency?.name ?? ''}</bdi>
            </strong>
            <bdi>{address}</bdi>
            {name ? (
              <>
                <br />
                <bdi>{name}</bdi>
              </>
            ) : null}
          </p>
          <Link
            className={styles.item}
            to={withLang('/settings/profile')}
            onClick={close}
            data-testid="teller-menu-settings"
          >
            {t('tellerMenu.settings')}
          </Link>
          <Link
            className={styles.item}
            to={withLang('/settings/security-code')}
            onClick={close}
            data-testid="teller-menu-code"
          >
            {t('tellerMenu.securityCode')}
          </Link>
          <button type="button" className={styles.item} onClick={() => logout.mutate()} data-testid="teller-menu-logout">
            {t('tellerMenu.logout')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
