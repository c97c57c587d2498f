import { queryOptions } from '@tanstack/react-query';
import type { NotificationPreferences, UpdateNotificationPreferences } from '../../../common/api/push';
import { apiFetch } from '../api/api-client';

/** The channel toggles: one key for the profile's section. */
export const PREFERENCES_KEY = ['notification-preferences'] as const;

export const preferencesQuery = () =>
  queryOptions({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => apiFetch<NotificationPreferences>('/notifications/preferences/', { signal }),
  });

export function updatePreferences(changes: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  return apiFetch<NotificationPreferences>('/notifications/preferences/', { method: 'PATCH', body: changes });
}

export const pushKeyQuery = () =>
  queryOptions({
    queryKey: ['push-key'],
    queryFn: ({ signal }) => apiFetch<{ public_key: string | null }>('/push/key/', { signal }),
    staleTime: Infinity,
  });

/** What this browser can do: Web Push needs a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The app registers its worker at start (service-worker-registration.ts); wait for it rather than race it.
  return navigator.serviceWorker.ready;
}

/**
 * This browser's subscription, if it has one (no permission prompt). Without a registered worker there is none:
 * not waiting for one keeps logout from hanging where no worker ever registers.
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registered = await navigator.serviceWorker.getRegistration();
  return registered ? registered.pushManager.getSubscription() : null;
}

export type EnableResult = 'subscribed' | 'denied' | 'failed';

/**
 * On the user's click only: asks the browser's permission, subscribes with the server's VAPID key and gives the
 * subscription to the server. Never called on load (a prompt nobody asked for is refused, and browsers penalise
 * sites that do it).
 */
export async function enablePush(publicKey: string): Promise<EnableResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const manager = (await registration()).pushManager;
    const subscription =
      (await manager.getSubscription()) ??
      (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(publicKey) }));
    await apiFetch('/push/subscriptions/', { method: 'POST', body: subscription.toJSON() });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}

/**
 * Stops pushes to this browser: the server forgets it and the browser drops the subscription. At logout the token
 * is given (it is already forgotten here) and neither step waits for the other: offline, the DELETE never answers
 * but the browser still unsubscribes, and the server deletes its row at the push service's first 404/410.
 */
export async function disablePushHere(token?: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const forget = apiFetch('/push/subscriptions/', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    // At logout: a few seconds at most, the session's revocation waits for this answer.
    ...(token !== undefined && { headers: { Authorization: `Bearer ${token}` }, timeoutMs: 5_000 }),
  }).catch(() => {
    // Not ours any more (404) or offline: unsubscribing is what matters for this browser.
  });
  await Promise.all([forget, subscription.unsubscribe().catch(() => false)]);
}

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
