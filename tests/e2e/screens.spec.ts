/// <reference lib="dom" />
import { expect, test, type APIRequestContext } from '@playwright/test';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { cutText } from './layout-checks.ts';
import { fund, newTeller } from './operator.ts';
import { screenshot, settled } from './screenshots.ts';
import { openScreen } from './open-screen.ts';

/**
 * Every screen a customer or a teller meets, in French and Arabic, at 390x844
 * and 360x740, with Latin names, a Moroccan phone number and a street address inside the Arabic screens. Each is
 * opened (saved with E2E_SCREENSHOTS=1: look at them) and checked for the defect's class: nothing wider than the screen,
 * and no text cut off by an overflow that does not end in an ellipsis (text cut mid-layout, or cut at the start
 * of an Arabic line).
 */

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function agencyId(request: APIRequestContext, who: Account): Promise<number> {
  const res = await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(who) });
  const found = ((await res.json()) as { results: { id: number; city: string | null }[] }).results.find((a) =>
    a.city === 'Casablanca',
  );
  return found?.id ?? 0;
}

async function withdrawal(request: APIRequestContext, who: Account, agency: number) {
  const res = await request.post('/api/transactions/', {
    headers: auth(who),
    data: { amount: '300', contact: agency, security_code: CODE },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; token: string };
}

interface Screen {
  name: string;
  path: string;
  ready: string;
}

test.describe.configure({ mode: 'serial' });

test('every customer and teller screen in fr and ar at 390 and 360 px, es/it/nl/de at 390: nothing cut, nothing off screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const customer = await account(request);
  await request.patch(`/api/users/${customer.userId}/`, {
    headers: auth(customer),
    data: { first_name: 'Youssef', last_name: 'El Amrani' },
  });
  await fund(customer.userId, 1_605_00n);
  const agency = await agencyId(request, customer);
  const pending = await withdrawal(request, customer, agency);
  const paid = await withdrawal(request, customer, agency);
  const contact = await request.post('/api/contacts/', {
    headers: auth(customer),
    data: { first_name: 'Amina', last_name: 'Benali-Ouazzani', phone_number: '+212612345678' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const contactId = ((await contact.json()) as { id: number }).id;
  const teller = await account(request, await newTeller());
  const pay = await request.post(`/api/withdrawals/${paid.token}/validate/`, {
    headers: auth(teller),
    data: { id: paid.id, security_code: CODE },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  // The paid withdrawal's public-ledger proof shows once the in-process worker anchored it.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/transactions/${paid.id}/`, { headers: auth(customer) })).json()) as {
          tx_id: string | null;
        }).tx_id,
      { timeout: 30_000 },
    )
    .toMatch(/^[0-9a-f]{64}$/);

  const customerScreens: Screen[] = [
    { name: 'home', path: '/', ready: '[data-testid="customer-home"]' },
    { name: 'transactions', path: '/transactions', ready: '[data-testid="transaction-row"]' },
    { name: 'select-agency', path: '/contacts?transaction=withdraw', ready: '[data-testid="contact-row"]' },
    { name: 'contacts', path: '/contacts', ready: '[data-testid="contact-row"]' },
    { name: 'contact', path: `/contacts/${contactId}`, ready: 'h1' },
    {
      name: 'create-withdraw',
      path: `/transactions/create?contact=${agency}&transaction=withdraw`,
      ready: '[data-testid="create-amount"]',
    },
    { name: 'create-send', path: `/transactions/create?contact=${contactId}&transaction=send`, ready: '[data-testid="create-amount"]' },
    { name: 'withdrawal-detail', path: `/transactions/${pending.id}?category=withdrawal`, ready: '[data-testid="withdrawal-qr"]' },
    { name: 'profile', path: '/settings/profile', ready: 'h1' },
    { name: 'notifications', path: '/notifications', ready: '[data-testid="notification"]' },
    { name: 'paid-detail', path: `/transactions/${paid.id}?category=withdrawal`, ready: '[data-testid="ledger-line"]' },
  ];
  const tellerScreens: Screen[] = [
    { name: 'teller-home', path: '/', ready: '[data-testid="payouts-today-count"]:not(:empty)' },
    { name: 'teller-scan', path: '/withdraw', ready: '[data-testid="manual-token"]' },
    { name: 'teller-withdrawal', path: `/withdraw?transaction=${pending.token}`, ready: '[data-testid="withdraw-checklist"]' },
    { name: 'teller-paid', path: `/withdraw?transaction=${paid.token}`, ready: '[data-testid="withdraw-status"]' },
    { name: 'teller-not-found', path: `/withdraw?transaction=${'Z'.repeat(22)}`, ready: '[data-testid="teller-type-again"]' },
    { name: 'teller-transactions', path: '/transactions', ready: '[data-testid="transaction-row"]' },
    { name: 'teller-detail', path: `/transactions/${paid.id}?category=withdrawal&banker=true`, ready: 'h1' },
  ];

  const problems: string[] = [];
  for (const [who, screens] of [
    [customer, customerScreens],
    [teller, tellerScreens],
  ] as const) {
    const page = await pageFor(browser, who);
    // fr and ar at both widths; the diaspora's four languages at 390, German being the longest.
    for (const [width, height, langs] of [
      [390, 844, ['fr', 'ar', 'es', 'it', 'nl', 'de']],
      [360, 740, ['fr', 'ar']],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const lang of langs) {
        for (const screen of screens) {
          // Each language's first screen is loaded in it; the others are opened from the one before.
          const to = `${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=${lang}`;
          await openScreen(page, to, screen.ready, { load: screen === screens[0] });
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await settled(page);
          await screenshot(page, `audit-${screen.name}-${lang}-${width}.png`);
          for (const problem of await cutText(page)) problems.push(`${screen.name} ${lang} ${width}: ${problem}`);
        }
      }
    }
    await page.context().close();
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
