/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInThroughApi } from './identity-helpers';

// Chromium fires `beforeinstallprompt` only for an installable app on a real origin with enough engagement, which
// a test cannot earn: the event is dispatched as the browser would, with the two members the app uses.
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

// An installable app is one with a service worker, as a phone meets it.
test.use({ serviceWorkers: 'allow' });

test.describe('install offer', () => {
  test('a signed-in customer sees the install offer on home when the browser offers it, and it goes after a choice', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, 'install');
    await page.goto('/?lang=fr');
    await expect(page.getByTestId('customer-home')).toBeVisible();
    await expect(page.getByTestId('install-button')).toHaveCount(0);
    await offerInstall(page);
    await expect(page.getByTestId('install-button')).toHaveText("Installer l’application");
    await page.getByTestId('install-button').click();
    await expect(page.getByTestId('install-button')).toHaveCount(0);
  });
});
