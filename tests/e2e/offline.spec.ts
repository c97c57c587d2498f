/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, CODE, type Account } from './accounts.ts';
import { goOffline, goOnline } from './offline-helpers.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * Offline: a pending withdrawal's QR and a cash pickup's reference, seen once online, open with no network
 * (the service worker serves the app, the codes come from the phone's storage) under an 'offline' mark; the home
 * shows the last known balance. Nothing of one user shows to another, and logout forgets it all. The offline
 * screens are saved in French and Arabic at 390x844 with E2E_SCREENSHOTS=1 (look at them).
 */

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function created(request: APIRequestContext, who: Account, data: Record<string, unknown>): Promise<number> {
  const response = await request.post('/api/transactions/', {
    headers: { ...auth(who), 'idempotency-key': randomUUID() },
    data: { security_code: CODE, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const storedOffline = (page: Page) => page.evaluate(() => localStorage.getItem('offline'));
const setToken = (page: Page, token: string) => page.evaluate((t) => localStorage.setItem('token', t), token);

async function shoot(page: Page, name: string, ready: string) {
  for (const lang of ['fr', 'ar']) {
    const url = new URL(page.url());
    url.searchParams.set('lang', lang);
    await page.goto(url.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await expect(page.getByTestId('offline-mark')).toBeVisible();
    await screenshot(page, `offline-${name}-${lang}-390.png`);
    // The rule for every screen: no serious or critical axe violation (WCAG 2.0/2.1 A and AA).
    const axe = await axeScan(page);
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${name} ${lang}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  }
}

// The subject is the service worker: it serves the app and the codes with no network.
test.use({ serviceWorkers: 'allow' });

test('the pickup and withdrawal codes open offline once seen, for their user only, and go at logout', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [alice, bob] = await Promise.all([account(request), account(request)]);
  await fund(alice.userId, 500_00n);
  const agencies = await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(alice) });
  const agencyId = ((await agencies.json()) as { results: { id: number; city: string | null }[] }).results.find((a) =>
    a.city === 'Casablanca',
  )?.id;
  expect(agencyId).toBeDefined();
  const withdrawalId = await created(request, alice, { amount: 200, contact: agencyId });
  const contact = await request.post('/api/contacts/', {
    headers: auth(alice),
    data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345678' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const pickupId = await created(request, alice, {
    amount: 120,
    contact: ((await contact.json()) as { id: number }).id,
    delivery: 'cash_pickup',
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth?lang=fr');
  await setToken(page, alice.token);

  // Online: the home, then each code once. The second load is the service worker's (installed by the first).
  await page.goto('/?lang=fr');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const balance = await page.getByTestId('balance-mad').innerText();
  await page.goto(`/transactions/${withdrawalId}?lang=fr`);
  await expect(page.getByTestId('withdrawal-qr')).toBeVisible();
  const identifier = await page.getByTestId('withdrawal-block').locator('bdi').last().innerText();
  await page.goto(`/transactions/${pickupId}?lang=fr`);
  const reference = await page.getByTestId('pickup-reference').innerText();
  expect(reference).toMatch(/^\d{3} \d{3} \d{4}$/);
  await expect(page.getByTestId('offline-mark')).toHaveCount(0);
  await expect.poll(async () => (await storedOffline(page)) ?? '').toContain(`"id":${withdrawalId}`);
  await expect.poll(async () => (await storedOffline(page)) ?? '').toContain(`"id":${pickupId}`);

  // No network: the same screen again, from the phone, marked.
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-mark')).toHaveText(/^Hors ligne — dernière mise à jour le \d{1,2} \S+ \d{4} à \d{2}:\d{2}$/);
  await expect(page.getByTestId('pickup-reference')).toHaveText(reference);
  await expect(page.getByTestId('pickup-status')).toHaveText('En attente de retrait');
  await expect(page.getByTestId('pickup-name')).toHaveText('Fatima Zahra');
  await shoot(page, 'pickup', 'pickup-reference');

  // The home: the last balance, marked, and the kept codes, each opening its detail.
  await page.goto('/?lang=fr');
  await expect(page.getByTestId('offline-home')).toBeVisible();
  await expect(page.getByTestId('balance-mad')).toHaveText(balance);
  await expect(page.getByTestId('offline-mark')).toBeVisible();
  await expect(page.getByTestId('offline-code')).toHaveCount(2);
  await page.getByTestId('offline-code').filter({ hasText: 'Mon retrait' }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${withdrawalId}\\?lang=fr$`));
  await expect(page.getByTestId('withdrawal-qr')).toBeVisible();
  await expect(page.getByTestId('withdrawal-block')).toContainText(identifier);
  await expect(page.getByTestId('offline-mark')).toBeVisible();
  await shoot(page, 'withdrawal', 'withdrawal-qr');
  await page.goto('/?lang=fr');
  await shoot(page, 'home', 'offline-code');

  // Past its stored expiry, the code shows as expired, with no QR, still with no network.
  await page.evaluate((id) => {
    const record = JSON.parse(localStorage.getItem('offline') ?? '{}') as { codes: { id: number; expires_at: string }[] };
    for (const code of record.codes) if (code.id === id) code.expires_at = new Date(Date.now() - 60_000).toISOString();
    localStorage.setItem('offline', JSON.stringify(record));
  }, withdrawalId);
  await page.goto(`/transactions/${withdrawalId}?lang=fr`);
  await expect(page.getByTestId('offline-expired')).toHaveText('Ce code a expiré : il ne peut plus être utilisé au guichet.');
  await expect(page.getByTestId('withdrawal-qr')).toHaveCount(0);
  await expect(page.getByTestId('offline-mark')).toBeVisible();
  await shoot(page, 'expired', 'offline-expired');

  // Another user's session on the same phone sees none of it: not the code, not the balance.
  await setToken(page, bob.token);
  await page.goto(`/transactions/${pickupId}?lang=fr`);
  await expect(page.getByTestId('offline-not-saved')).toBeVisible();
  await expect(page.getByTestId('pickup-reference')).toHaveCount(0);
  await page.goto('/?lang=fr');
  await expect(page.getByRole('status')).toHaveText('Chargement…');
  await expect(page.getByTestId('offline-home')).toHaveCount(0);
  await expect(page.getByTestId('balance-mad')).toHaveCount(0);

  // Logout (online) forgets the kept codes: back offline, with Alice's token again, nothing is left to show.
  await setToken(page, alice.token);
  await goOnline(context);
  await page.goto('/settings/profile?lang=fr');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\?lang=fr$/);
  expect(await storedOffline(page)).toBeNull();
  await goOffline(context);
  await page.goto(`/transactions/${pickupId}?lang=fr`);
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByTestId('pickup-reference')).toHaveCount(0);
  await setToken(page, alice.token);
  await page.goto(`/transactions/${pickupId}?lang=fr`);
  await expect(page.getByTestId('offline-not-saved')).toBeVisible();
  await expect(page.getByTestId('pickup-reference')).toHaveCount(0);
  await context.close();
});
