/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { account, CODE, enterCode, type Account } from './accounts.ts';
import { openScreen } from './open-screen.ts';
import { phoneCustomerWithEmail } from './identity-helpers.ts';
import { cutText, smallTargets } from './layout-checks.ts';
import { goOffline, goOnline } from './offline-helpers.ts';
import { admin, fund } from './operator.ts';
import { screenshot, settled } from './screenshots.ts';

/**
 * The customer screens of notifications, rate alerts, receipts and confirmations, in French and Arabic at 390x844 and
 * 360x780, for a customer with data (sends,
 * a pending withdrawal, a cash pickup, contacts, a rate alert, notifications, an unconfirmed e-mail): the rates
 * screen's alert card, the profile's resend button, the notifications, each kind of transaction detail (timeline,
 * cancel, send again, receipt), the list's statement export, the offline home and codes, the held send's success
 * screen. Each is checked (and saved as new-*.png with E2E_SCREENSHOTS=1: look at them): nothing wider than the screen,
 * no text cut, every button, link and field at least 44x44 px.
 */

const sizes = [
  [390, 844],
  [360, 780],
] as const;
const langs = ['fr', 'ar'] as const;

type Who = { token: string; userId: number };
const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });

async function contact(request: APIRequestContext, who: Who, data: Record<string, string>): Promise<number> {
  const res = await request.post('/api/contacts/', { headers: auth(who), data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function created(request: APIRequestContext, who: Who, data: Record<string, unknown>): Promise<{ id: number; status: string }> {
  const res = await request.post('/api/transactions/', {
    headers: { ...auth(who), 'idempotency-key': randomUUID() },
    data: { security_code: CODE, ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; status: string };
}

async function check(page: Page, name: string, problems: string[]) {
  const { width } = page.viewportSize() ?? { width: 0 };
  const lang = await page.locator('html').getAttribute('lang');
  await screenshot(page, `new-${name}-${lang}-${width}.png`);
  for (const problem of [...(await cutText(page)), ...(await smallTargets(page))])
    problems.push(`${name} ${lang} ${width}: ${problem}`);
}

// The offline home and codes close the walk: the service worker serves them.
test.use({ serviceWorkers: 'allow' });

test('notification, rate alert and confirmation screens in fr and ar at 390 and 360 px: nothing cut, nothing off screen, no small target', async ({
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  await admin(['sanctions:import', '--format', 'eu', 'tests/fixtures/sanctions/eu-consolidated.csv']);
  const customer = await phoneCustomerWithEmail(request, 'fr');
  await request.patch(`/api/users/${customer.userId}/`, {
    headers: auth(customer),
    data: { first_name: 'Youssef', last_name: 'El Amrani' },
  });
  await fund(customer.userId, 5_000_00n);
  const bob: Account = await account(request);
  await fund(bob.userId, 1_000_00n);

  // Money in: Bob sends to the customer's phone (a money_received notification).
  const toCustomer = await contact(request, bob, { first_name: 'Youssef', last_name: 'El Amrani', phone_number: customer.phone });
  await created(request, bob, { amount: 250, contact: toCustomer });
  // A completed send (send again, receipt), an unclaimed one (cancel), a pending withdrawal (QR, cancel), a pickup.
  const toBob = await contact(request, customer, { first_name: 'Nadia', last_name: 'Test', email: bob.email });
  const completed = await created(request, customer, { amount: 1005, contact: toBob });
  const toNobody = await contact(request, customer, {
    first_name: 'Amina',
    last_name: 'Benali-Ouazzani',
    email: `e2e-nobody-${randomUUID()}@example.com`,
  });
  const unclaimed = await created(request, customer, { amount: 300, contact: toNobody });
  const agencies = await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(customer) });
  const agency = ((await agencies.json()) as { results: { id: number; city: string | null }[] }).results.find(
    (a) => a.city === 'Casablanca',
  )?.id;
  expect(agency).toBeDefined();
  const withdrawal = await created(request, customer, { amount: 200, contact: agency });
  const fatima = await contact(request, customer, { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345678' });
  const pickup = await created(request, customer, { amount: 120, contact: fatima, delivery: 'cash_pickup' });
  const listed = await contact(request, customer, {
    first_name: 'Mohamed',
    last_name: 'El Hassan Zitouni',
    phone_number: '+212611223344',
  });
  const rates = await request.get('/api/rates/', { headers: auth(customer) });
  expect(rates.status()).toBe(200);
  const alert = await request.post('/api/rate-alerts/', { headers: auth(customer), data: { threshold: '13.50' } });
  expect(alert.status(), await alert.text()).toBe(201);

  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript((token) => localStorage.setItem('token', token), customer.token);
  const problems: string[] = [];
  const screens = [
    { name: 'home', path: '/', ready: '[data-testid="customer-home"]' },
    { name: 'rates', path: '/rates', ready: '[data-testid="rate-alert"]' },
    { name: 'profile', path: '/settings/profile', ready: '[data-testid="email-resend"]' },
    { name: 'notifications', path: '/notifications', ready: '[data-testid="notification"]' },
    { name: 'transactions', path: '/transactions', ready: '[data-testid="statement-download"]' },
    { name: 'sent-detail', path: `/transactions/${completed.id}`, ready: '[data-testid="send-again"]' },
    { name: 'unclaimed-detail', path: `/transactions/${unclaimed.id}`, ready: '[data-testid="cancel-transaction"]' },
    { name: 'withdrawal-detail', path: `/transactions/${withdrawal.id}`, ready: '[data-testid="withdrawal-qr"]' },
    { name: 'pickup-detail', path: `/transactions/${pickup.id}`, ready: '[data-testid="pickup-reference"]' },
  ];
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    for (const lang of langs) {
      for (const screen of screens) {
        // Each language's first screen is loaded in it; the others are opened from the one before.
        const to = `${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=${lang}`;
        await openScreen(page, to, screen.ready, { load: screen === screens[0] });
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await settled(page);
        await check(page, screen.name, problems);
      }
      // An Arabic amount reads left to right with its sign, as the receipt writes it: '-1.005,00 MAD', not
      // 'MAD 1.005,00-' (the sign was put before Intl's right-to-left mark); English-style code first nowhere.
      await page.goto(`/transactions/${completed.id}?lang=${lang}`);
      expect(await page.getByTestId('detail-amount').textContent()).toBe(
        lang === 'ar' ? '\u2066-1.005,00\u00A0MAD\u2069' : '-1\u202F005,00\u00A0MAD',
      );
      // The recipient's name (a tap-sized link) starts its line like the text around it: left in French, right in
      // Arabic; stretched across the card it sat centred.
      const block = await page.getByTestId('recipient-block').boundingBox();
      const name = await page.getByTestId('recipient-block').getByRole('link').boundingBox();
      const heading = await page.getByTestId('recipient-block').locator('h2').boundingBox();
      if (!block || !name || !heading) throw new Error('recipient block not laid out');
      if (lang === 'ar') expect(Math.abs(name.x + name.width - (heading.x + heading.width))).toBeLessThan(2);
      else expect(Math.abs(name.x - heading.x)).toBeLessThan(2);
      expect(name.width).toBeLessThan(block.width / 2);
      // The held send's success screen: a send to a listed name, through the create screen.
      await page.goto(`/transactions/create?contact=${listed}&transaction=send&lang=${lang}`);
      await page.getByTestId('create-amount').fill('120');
      await page.getByTestId('create-next').click();
      await enterCode(page);
      await page.getByTestId('create-confirm').click();
      await expect(page.getByTestId('success-pending')).toBeVisible();
      await check(page, 'held-success', problems);
    }
  }
  const held = ((await (await request.get('/api/transactions/?limit=1', { headers: auth(customer) })).json()) as {
    results: { id: number }[];
  }).results[0]?.id;
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    for (const lang of langs) {
      await page.goto(`/transactions/${held}?lang=${lang}`);
      await expect(page.getByTestId('under-review')).toBeVisible();
      await check(page, 'held-detail', problems);
    }
  }

  // Offline: the service worker installed and the codes seen once online, then no network.
  await page.goto('/?lang=fr');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('balance-mad')).toBeVisible();
  for (const id of [withdrawal.id, pickup.id]) {
    await page.goto(`/transactions/${id}?lang=fr`);
    await expect(page.locator('[data-testid="withdrawal-qr"], [data-testid="pickup-reference"]').first()).toBeVisible();
  }
  await expect.poll(() => page.evaluate(() => localStorage.getItem('offline') ?? '')).toContain(`"id":${pickup.id}`);
  await goOffline(context);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    for (const lang of langs) {
      for (const [name, url, ready] of [
        ['offline-home', '/', 'offline-code'],
        ['offline-withdrawal', `/transactions/${withdrawal.id}`, 'withdrawal-qr'],
        ['offline-pickup', `/transactions/${pickup.id}`, 'pickup-reference'],
      ] as const) {
        await page.goto(`${url}?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        await expect(page.getByTestId('offline-mark')).toBeVisible();
        await check(page, name, problems);
      }
    }
  }
  await goOnline(context);
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});
