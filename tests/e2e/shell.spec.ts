/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

// The shell's check that its service worker registers from the app's own origin.
test.use({ serviceWorkers: 'allow' });

test.describe('the app shell', () => {
  test('a visitor is sent to the welcome page, switches to Arabic and to the teller theme, all offline-safe', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1').host;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.host !== origin) elsewhere.push(request.url());
    });

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\?lang=fr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'user');

    await page.getByTestId('language-switcher').selectOption('ar');
    await expect(page).toHaveURL(/lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

    await page.getByTestId('role-switch').click();
    await expect(page).toHaveURL(/role=banker/);
    await expect(page).toHaveURL(/lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'banker');
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('banker');

    // The service worker registers at start-up from our own origin.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).host).toBe(origin);

    expect(elsewhere).toEqual([]);
  });

  test('the language and other query parameters survive the redirect to the welcome page', async ({ page }) => {
    await page.goto('/transactions?lang=en&page=2');
    await expect(page).toHaveURL(/\/auth\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('page')).toBe('2');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path is served by the app, an unknown API path is a JSON 404', async ({ page, request }) => {
    const api = await request.get('/api/nothing-here/');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });

    const response = await page.goto('/no/such/page?lang=fr');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  });
});
