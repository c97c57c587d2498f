import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isAuthPath, isGuardExempt } from '../app-paths';
import { ApiError } from '../api/api-error';
import { isSessionEnded, subscribeToSessionEnded } from '../api/session-ended';
import { withLang } from '../../ui/with-lang';
import styles from './CurrentUserBanner.module.css';
import { useCurrentUser } from './use-current-user';

function SessionEndedBanner() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  // Any request's 401 (a send's too) ends the session: the api client drops the token and says so here, the one
  // place that tells the user. Other failures are the screen's to show and retry.
  const ended = useSyncExternalStore(subscribeToSessionEnded, isSessionEnded);
  if (!ended && !(user.error instanceof ApiError && user.error.status === 401)) return null;
  return (
    <div className={styles.banner} role="alert" data-testid="session-banner">
      <span>{t('session.ended')}</span>
      <Link className={styles.link} to={withLang('/auth/step1', searchParams.get('lang'))}>
        {t('session.login')}
      </Link>
    </div>
  );
}

/** A top banner leading to /auth/step1 when no current user could be loaded (the session ended). */
export function CurrentUserBanner() {
  const { pathname } = useLocation();
  // The sign-in screens and the e-mail link are for people without a session: nothing to warn about there.
  if (isAuthPath(pathname) || isGuardExempt(pathname)) return null;
  return <SessionEndedBanner />;
}
