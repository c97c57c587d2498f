import type { MarkReadRequest, Notification } from '../../../common/api/notifications.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { askedOrOwnLanguage } from '../users/user-language.ts';
import { notificationLink } from './notification-links.ts';
import { renderNotification } from './notification-texts.ts';
import { listNotifications, markRead } from './notifications.repository.ts';

/** The caller's notifications, newest first, rendered in `lang` (else their language), with the unread count. */
export async function notificationsPage(
  deps: ServiceDeps,
  user: AuthUser,
  query: { page: number; page_size: number; lang?: Language | undefined },
): Promise<{ count: number; unread: number; results: Notification[] }> {
  const language = await askedOrOwnLanguage(deps, user.id, query.lang);
  const { rows, count, unread } = await listNotifications(deps.db, user.id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  const results = rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    ...renderNotification(language, row.kind, row.params),
    transaction: row.transaction_id === null ? null : Number(row.transaction_id),
    link: notificationLink(row.kind, row.transaction_id, row.params),
    created_at: row.created_at.toISOString(),
    read_at: row.read_at === null ? null : row.read_at.toISOString(),
  }));
  return { count, unread, results };
}

/** Marks the caller's notifications read: those ids (another user's are ignored), or all with no ids. */
export async function readNotifications(
  deps: ServiceDeps,
  user: AuthUser,
  body: MarkReadRequest,
): Promise<{ unread: number }> {
  return { unread: await markRead(deps.db, user.id, body?.ids) };
}
