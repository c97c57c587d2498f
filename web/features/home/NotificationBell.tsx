import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { unreadNotificationsQuery } from '../../shared/notifications/notification-queries';
import { numberFormat } from '../../ui/intl-format';
import { useWithLang } from '../../ui/with-lang';
import styles from './NotificationBell.module.css';

/** The home's bell: a link to the notifications screen with the unread count as a badge. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const unread = useQuery(unreadNotificationsQuery(i18n.language)).data ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Link className={styles.bell} to={withLang('/notifications')} aria-label={label} data-testid="notification-bell">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 ? (
        <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
          {unread > 99 ? '99+' : numberFormat(intlLocale(i18n.language)).format(unread)}
        </span>
      ) : null}
    </Link>
  );
}
