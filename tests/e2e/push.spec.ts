/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { account, pageFor } from './accounts.ts';
import { screenshot } from './screenshots.ts';

/**
 * Notification channels: the profile's notification toggles (kept on the server, read by the delivery worker), the
 * browser's permission asked only when the user turns push on, and the service worker showing a push in the
 * user's language. Screenshots of the profile in French and Arabic at 390x844 with E2E_SCREENSHOTS=1 (look at them).
 */


/** Counts Notification.requestPermission() calls, so the test can tell a prompt nobody asked for. */
async function countPermissionPrompts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __prompts: number };
    w.__prompts = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.__prompts++;
      return original();
    };
  });
}
// Pushes arrive through the service worker.
test.use({ serviceWorkers: 'allow' });

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts);

test('the profile toggles e-mail and SMS on the server; push asks the browser only on a click', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nadia = await account(request);
  const page = await pageFor(browser, nadia);
  await countPermissionPrompts(page);
  await page.goto('/settings/profile?lang=fr');
  const settings = page.getByTestId('notify-settings');
  await expect(settings).toBeVisible();
  await expect(page.getByTestId('notify-in-app')).toBeChecked();
  await expect(page.getByTestId('notify-in-app')).toBeDisabled();
  await expect(page.getByTestId('notify-email')).toBeChecked();
  await expect(page.getByTestId('notify-sms')).toBeChecked();
  // Push: offered (the server has a key, Chromium has the Push API), off until this browser subscribes.
  await expect(page.getByTestId('notify-push')).toBeEnabled();
  await expect(page.getByTestId('notify-push')).not.toBeChecked();
  expect(await prompts(page)).toBe(0);

  await page.getByTestId('notify-email').click();
  await expect(page.getByTestId('notify-email')).not.toBeChecked();
  await page.getByTestId('notify-sms').click();
  await expect(page.getByTestId('notify-sms')).not.toBeChecked();
  await page.getByTestId('notify-sms').click();
  await expect(page.getByTestId('notify-sms')).toBeChecked();
  const saved = await request.get('/api/notifications/preferences/', {
    headers: { authorization: `Bearer ${nadia.token}` },
  });
  expect(await saved.json()).toEqual({ in_app: true, email: false, sms: true, push: true });
  await page.reload();
  await expect(page.getByTestId('notify-email')).not.toBeChecked();
  await expect(page.getByTestId('notify-sms')).toBeChecked();
  expect(await prompts(page)).toBe(0);

  // Turning push on asks the browser (this one refuses: no permission granted), and says what to do.
  await page.getByTestId('notify-push').click();
  await expect(page.getByTestId('notify-message')).toContainText('Les notifications sont bloquées pour ce site');
  await expect(page.getByTestId('notify-push')).not.toBeChecked();
  expect(await prompts(page)).toBe(1);

  for (const lang of ['fr', 'ar']) {
    await page.goto(`/settings/profile?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('notify-settings')).toBeVisible();
    await page.getByTestId('notify-settings').scrollIntoViewIfNeeded();
    await screenshot(page, `push-profile-${lang}-390.png`, { fullPage: false });
    await screenshot(page, `push-profile-${lang}-390-full.png`);
  }
  await page.context().close();
});

test('the service worker shows a push as a notification in its language, with the page a click opens', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nadia = await account(request);
  const page = await pageFor(browser, nadia);
  await page.context().grantPermissions(['notifications']);
  await page.goto('/settings/profile?lang=ar');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const live = event.registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'وصلتك أموال',
    body: 'أرسل لك كريم 12,50 درهم.',
    url: '/transactions/42?lang=ar',
    tag: 'notification-42',
    lang: 'ar',
  };
  const registrationId = await registration;
  // Delivered again on each attempt: a single delivery sometimes showed nothing at all (an empty list, 2 runs in 10
  // on 2026-11-25, never reproduced at will; most likely the push reaching the worker while it was still starting).
  // The same tag replaces the notification, so the list must still hold exactly one, in the push's language.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    await page.waitForTimeout(1_000);
    const shown = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return (await ready.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        dir: n.dir,
        lang: n.lang,
        data: n.data as unknown,
      }));
    });
    expect(shown).toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, dir: 'rtl', lang: 'ar', data: { url: payload.url } },
    ]);
  }).toPass({ timeout: 20_000 });
  await page.context().close();
});

test('logging out unsubscribes this browser: the server forgets it and the browser drops it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const nadia = await account(request);
  const endpoint = `http://127.0.0.1:9/push/e2e-logout-${Date.now()}`;
  const keys = {
    p256dh: 'BJKlPpzJ_ob-7y6PXZHxiEl9b5k0YvNHExQe8_Mpe6vj3zt03P3hgljmmotR7Fnc-jYDueyrB8kS-wnRpS5xkEw',
    auth: 'AAECAwQFBgcICQoLDA0ODw',
  };
  const made = await request.post('/api/push/subscriptions/', {
    headers: { authorization: `Bearer ${nadia.token}` },
    data: { endpoint, expirationTime: null, keys },
  });
  expect(made.status()).toBe(201);
  const page = await pageFor(browser, nadia);
  await page.context().grantPermissions(['notifications']);
  // Headless Chromium has no push service to subscribe to: the browser's subscription is played by the page.
  await page.addInitScript((subscribedTo) => {
    const w = window as unknown as { __unsubscribed: number };
    w.__unsubscribed = 0;
    const subscription = {
      endpoint: subscribedTo,
      unsubscribe: () => {
        w.__unsubscribed++;
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(subscription as unknown as PushSubscription);
  }, endpoint);
  await page.goto('/settings/profile?lang=fr');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscriptions/') && r.request().method() === 'DELETE',
  );
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout/'));
  await page.getByTestId('logout').click();
  // 204: the server had it as nadia's and deleted it (another's or an unknown endpoint is a 404).
  expect((await deleted).status()).toBe(204);
  expect((await deleted).request().postDataJSON()).toEqual({ endpoint });
  expect((await revoked).status()).toBeLessThan(300);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __unsubscribed: number }).__unsubscribed)).toBe(1);
  await page.context().close();
});
