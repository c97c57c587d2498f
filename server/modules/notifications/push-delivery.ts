import type { PushPayload } from '../../../common/api/push.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { PushSubscriptionGoneError } from '../../adapters/push/push-adapter.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { notificationLink, withLanguage } from './notification-links.ts';
import { renderNotification } from './notification-texts.ts';
import type { DueDelivery } from './notifications.repository.ts';
import { deleteSubscriptionById, markSubscriptionUsed } from './push.repository.ts';

/** A push older than a day tells nothing the in-app list does not: the push service may drop it then. */
export const PUSH_TTL_SECONDS = 86_400;

/** What the service worker shows: the notification in the user's language, and the page a click opens. */
export function pushPayload(d: DueDelivery, language: Language): PushPayload {
  const texts = renderNotification(language, d.kind, d.params);
  // A rate alert opens the rates, where the alert is listed and a transfer is one tap away.
  const page = notificationLink(d.kind, d.transaction_id, d.params) ?? '/notifications';
  return {
    title: texts.title,
    body: texts.body,
    url: withLanguage(page, language),
    tag: `notification-${d.notification_id}`,
    lang: language,
  };
}

/**
 * One push delivery: sent when the user still wants push ('none' otherwise: the in-app list has it). A push service
 * that no longer knows the subscription (404/410) gets it deleted, with its other pending pushes ('gone');
 * any other failure throws, and the worker retries with backoff.
 */
export async function deliverPush(
  deps: Pick<ServiceDeps, 'db' | 'push'>,
  d: DueDelivery,
  language: Language,
): Promise<'push' | 'none' | 'gone'> {
  if (!d.want_push || d.push_subscription_id === null || d.push_endpoint === null) return 'none';
  try {
    await deps.push.send(
      { endpoint: d.push_endpoint, p256dh: d.push_p256dh ?? '', auth: d.push_auth ?? '' },
      JSON.stringify(pushPayload(d, language)),
      { ttlSeconds: PUSH_TTL_SECONDS },
    );
  } catch (error) {
    if (!(error instanceof PushSubscriptionGoneError)) throw error;
    await deleteSubscriptionById(deps.db, d.push_subscription_id);
    return 'gone';
  }
  await markSubscriptionUsed(deps.db, d.push_subscription_id);
  return 'push';
}
