/// <reference lib="dom" />
import { expect, test, type APIRequestContext } from '@playwright/test';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { fund, newTeller } from './operator.ts';

/** The teller's counter at 390x844: what a teller with a queue in front of them needs on every screen. */

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function casablanca(request: APIRequestContext, who: Account): Promise<number> {
  const res = await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(who) });
  const found = ((await res.json()) as { results: { id: number; first_name: string }[] }).results.find((a) =>
    a.first_name.includes('Casablanca'),
  );
  expect(found).toBeDefined();
  return found?.id ?? 0;
}

async function withdrawal(request: APIRequestContext, who: Account, agency: number) {
  const res = await request.post('/api/transactions/', {
    headers: auth(who),
    data: { amount: '50', contact: agency, security_code: CODE },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; token: string; identifier: string };
}

test.describe('the counter', () => {
  test('every teller screen names the agency and has a menu: settings, security code, sign-out', async ({
    browser,
    request,
  }) => {
    const alice = await account(request);
    await fund(alice.userId, 100_00n);
    const pending = await withdrawal(request, alice, await casablanca(request, alice));
    const teller = await account(request, await newTeller());
    const counter = await pageFor(browser, teller);
    for (const path of ['/', '/withdraw', `/withdraw?transaction=${pending.token}&`, '/transactions', '/settings/profile']) {
      await counter.goto(`${path}${path.endsWith('&') ? '' : '?'}lang=fr`);
      await expect(counter.getByTestId('teller-bar-agency'), path).toHaveText('Wallet Casablanca Centre');
      await expect(counter.getByTestId('teller-menu-button'), path).toBeInViewport();
    }
    await counter.goto('/withdraw?lang=fr');
    await counter.getByTestId('teller-menu-button').click();
    const menu = counter.getByTestId('teller-menu');
    await expect(menu).toContainText('120 Boulevard Mohammed V');
    await expect(menu).toContainText('Nadia Test');
    await menu.getByTestId('teller-menu-code').click();
    await expect(counter).toHaveURL(/\/settings\/security-code\?lang=fr$/);
    await counter.getByTestId('teller-menu-button').click();
    await counter.getByTestId('teller-menu-settings').click();
    await expect(counter).toHaveURL(/\/settings\/profile\?lang=fr$/);
    await counter.getByTestId('teller-menu-button').click();
    await counter.getByTestId('teller-menu-logout').click();
    await expect(counter).toHaveURL(/\/auth\?lang=fr$/);
    expect(await counter.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The session is over on the server too: the old token is refused.
    await expect.poll(async () => (await request.get('/api/users/', { headers: auth(teller) })).status()).toBe(401);
  });

  test('at 390x844 the validate button stays on screen once the code is typed; no own-agency address on the card', async ({
    browser,
    request,
  }) => {
    const alice = await account(request);
    await fund(alice.userId, 100_00n);
    const pending = await withdrawal(request, alice, await casablanca(request, alice));
    const teller = await account(request, await newTeller());
    const counter = await pageFor(browser, teller);
    await counter.goto(`/withdraw?transaction=${pending.token}&lang=fr`);
    const card = counter.getByTestId('withdraw-transaction');
    await expect(card).toContainText('Nadia Test');
    await expect(card).not.toContainText('120 Boulevard Mohammed V');
    await expect(counter.getByTestId('copy-address')).toHaveCount(0);
    const reserved = counter.waitForResponse((r) => r.url().includes('/reserve/'));
    await counter.getByTestId('confirm-amount').check();
    expect((await reserved).status()).toBe(200);
    await counter.getByTestId('withdraw-validate').click();
    await counter.getByTestId('pin-input').focus();
    await counter.keyboard.type(CODE);
    await expect(counter.getByTestId('withdraw-validate')).toBeInViewport({ ratio: 1 });
    await counter.getByTestId('withdraw-validate').click();
    await expect(counter.getByTestId('payout-success')).toBeVisible();
  });
});
