import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NotificationsPage } from '../../../common/api/notifications';
import { apiFetch } from '../api/api-client';

/** The notifications resource: the list pages and the home's unread badge share one key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export function fetchNotifications(
  params: { page: number; pageSize: number; lang: string },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return apiFetch<NotificationsPage>('/notifications/', {
    query: { page: params.page, page_size: params.pageSize, lang: params.lang },
    ...(signal && { signal }),
  });
}

export const notificationsPageQuery = (params: { page: number; pageSize: number; lang: string }) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

/** The badge: one row is enough to learn the unread count; looked at again every minute while on screen. */
export const unreadNotificationsQuery = (lang: string) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread', lang],
    queryFn: ({ signal }) => fetchNotifications({ page: 1, pageSize: 1, lang }, signal),
    select: (page) => page.unread,
    refetchInterval: 60_000,
  });

/** `POST /api/notifications/read/`: those ids, or all of the caller's when none are given. */
export function markNotificationsRead(ids?: number[]): Promise<{ unread: number }> {
  return apiFetch<{ unread: number }>('/notifications/read/', { method: 'POST', body: ids ? { ids } : {} });
}
