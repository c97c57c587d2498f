import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatListDate } from '../../shared/transactions/transaction-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../common/api/notifications';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import {
  markNotificationsRead,
  NOTIFICATIONS_KEY,
  notificationsPageQuery,
} from '../../shared/notifications/notification-queries';
import { initials } from '../../shared/users/initials';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { BottomNav } from '../../ui/BottomNav';
import form from '../../ui/Form.module.css';
import { Pagination } from '../../ui/Pagination';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import styles from './NotificationsPage.module.css';

const PAGE_SIZE = 20;

function Row({ item, onRead }: { item: Notification; onRead: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  // As the transactions list writes its dates: the month in letters ('1 mars, 10:05', '1 مارس، 10:05'); a medium
  // date style is all digits in Arabic ('01/03/2026').
  const when = formatListDate(item.created_at, intlLocale(i18n.language));
  const unread = item.read_at === null;
  const content = (
    <>
      {/* Unread is said by the dot itself (an image with a name), so no hidden text can be cut by the layout. */}
      {unread ? (
        <span className={styles.dot} data-unread role="img" aria-label={t('notifications.unread')} />
      ) : (
        <span className={styles.dot} aria-hidden="true" />
      )}
      <span className={styles.text}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.body}>{item.body}</span>
        <time className={styles.when} dateTime={item.created_at}>
          {when}
        </time>
      </span>
    </>
  );
  return (
    <li data-testid="notification" data-unread={unread}>
      {item.link !== null ? (
        <Link
          className={styles.row}
          // The server says which page: the transaction, the rates of an alert, a schedule, the add-money screen.
          to={withLang(item.link)}
          onClick={() => unread && onRead(item.id)}
        >
          {content}
        </Link>
      ) : (
        <button type="button" className={styles.row} onClick={() => unread && onRead(item.id)}>
          {content}
        </button>
      )}
    </li>
  );
}

/** The user's notifications, newest first; opening one marks it read, or all at once. */
export function Component() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const me = useCurrentUser();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(notificationsPageQuery({ page, pageSize: PAGE_SIZE, lang: i18n.language }));
  const read = useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
  const items = list.data?.results ?? [];
  return (
    <>
      <main className={form.page} data-testid="notifications-page">
        <ScreenHeader title={t('pages.notifications')} backTo={withLang('/')} />
        {(list.data?.unread ?? 0) > 0 ? (
          <button
            type="button"
            className={styles.markAll}
            onClick={() => read.mutate(undefined)}
            disabled={read.isPending}
            data-testid="mark-all-read"
          >
            {t('notifications.markAll')}
          </button>
        ) : null}
        {list.isError ? <p role="alert">{t('notifications.loadError')}</p> : null}
        {list.isPending ? <p>{t('common.loading')}</p> : null}
        {list.isSuccess && items.length === 0 ? <p className={styles.empty}>{t('notifications.empty')}</p> : null}
        <ul className={styles.list}>
          {items.map((item) => (
            <Row key={item.id} item={item} onRead={(id) => read.mutate([id])} />
          ))}
        </ul>
        <Pagination page={page} count={list.data?.count ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      </main>
      {me.data && me.data.role !== 'BANKER' ? (
        <BottomNav initials={initials(me.data.first_name, me.data.last_name)} />
      ) : null}
    </>
  );
}
