/* Web Push in the service worker, imported by the generated /service-worker.js (vite.config.ts).
 * A push carries {title, body, url, tag, lang} in the user's language (server/modules/notifications/push-delivery.ts),
 * encrypted to this browser; it is shown as a system notification, and a click opens its page in the app. */

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const lang = ['fr', 'en', 'ar', 'es', 'it', 'nl', 'de'].includes(data.lang) ? data.lang : 'fr';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'Sila', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : `/notifications?lang=${lang}` },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data && event.notification.data.url) || '/notifications', self.location.origin);
  // Only the app's own pages: a push can never send the user elsewhere.
  const target = wanted.origin === self.location.origin ? wanted.href : new URL('/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) return client.navigate(target);
        return undefined;
      }
      return self.clients.openWindow(target);
    })(),
  );
});

/* The push service may replace a subscription (expiry, key rotation): without this the server keeps posting to the
 * dead endpoint (then deletes it on the 404/410) and this browser silently stops receiving. A service worker has no
 * session, so the server accepts the move on the old endpoint with its auth secret, which only this browser and the
 * server know (POST /api/push/subscriptions/renew/). Without an old subscription there is nothing to prove whose
 * it was: the user turns push on again from the profile. */
async function renewSubscription(event) {
  const old = event.oldSubscription;
  if (!old) return;
  const oldJson = old.toJSON();
  if (!oldJson.keys || !oldJson.keys.auth) return;
  let next = event.newSubscription;
  if (!next) {
    const key = old.options && old.options.applicationServerKey;
    if (!key) return;
    next = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  await fetch('/api/push/subscriptions/renew/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ old_endpoint: old.endpoint, old_auth: oldJson.keys.auth, subscription: next.toJSON() }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event).catch(() => undefined));
});
