/// <reference lib="dom" />
import { expect, test, type APIRequestContext } from '@playwright/test';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { fund, newTeller } from './operator.ts';
import { screenshot } from './screenshots.ts';

/** The teller's counter at 390x844: what a teller with a queue in front of them needs on every screen. */

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function agencyNamed(request: APIRequestContext, who: Account, city: string): Promise<number> {
  const res = await request.get(`/api/contacts/?public=true&search=${city}`, { headers: auth(who) });
  const found = ((await res.json()) as { results: { id: number; city: string | null }[] }).results.find((a) =>
    a.city === city,
  );
  expect(found).toBeDefined();
  return found?.id ?? 0;
}

const casablanca = (request: APIRequestContext, who: Account) => agencyNamed(request, who, 'Casablanca');

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
      await expect(counter.getByTestId('teller-bar-agency'), path).toHaveText('Mohammed V');
      await expect(counter.getByTestId('teller-menu-button'), path).toBeInViewport();
    }
    await counter.goto('/withdraw?lang=fr');
    await counter.getByTestId('teller-menu-button').click();
    const menu = counter.getByTestId('teller-menu');
    await expect(menu).toContainText('120 Boulevard Mohammed V');
    await expect(menu).toContainText('Nadia Test');
    await menu.getByTestId('teller-menu-code').click();
    await expect(counter).toHaveURL(/\/settings\/security-code\?lang=fr$/);
    // The address changes before the screen does (its guard runs first): the teller taps on what is shown.
    await expect(counter.getByTestId('security-code-step')).toBeVisible();
    await expect(menu).toBeHidden();
    await counter.getByTestId('teller-menu-button').click();
    await counter.getByTestId('teller-menu-settings').click();
    await expect(counter).toHaveURL(/\/settings\/profile\?lang=fr$/);
    await expect(counter.getByTestId('profile-form')).toBeVisible();
    await counter.getByTestId('teller-menu-button').click();
    await counter.getByTestId('teller-menu-logout').click();
    await expect(counter).toHaveURL(/\/auth\?lang=fr$/);
    expect(await counter.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The session is over on the server too: the old token is refused.
    await expect.poll(async () => (await request.get('/api/users/', { headers: auth(teller) })).status()).toBe(401);
  });

  test("the teller's home keeps still when the bar's code arrives after it: the button under the finger stays put", async ({
    browser,
    request,
  }) => {
    const teller = await account(request, await newTeller());
    const counter = await pageFor(browser, teller);
    // The bar's code held back until the home is on screen, as a slow network or a loaded phone delivers it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await counter.route(/\/assets\/TellerBar-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await counter.goto('/?lang=fr');
    await expect(counter.getByTestId('payouts-today-count')).not.toHaveText('\u00a0');
    const before = await counter.getByTestId('accept-withdrawal').boundingBox();
    release();
    await expect(counter.getByTestId('teller-bar-agency')).toHaveText('Mohammed V');
    expect(await counter.getByTestId('accept-withdrawal').boundingBox()).toEqual(before);
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

  test('the counter in French and Arabic: another agency named, a paid withdrawal says when, where and by whom', async ({
    browser,
    request,
  }) => {
    // Two languages, each screen of the counter: more than the default 30 s on a shared machine.
    test.setTimeout(120_000);
    const alice = await account(request);
    await fund(alice.userId, 500_00n);
    const here = await casablanca(request, alice);
    const rabat = await withdrawal(request, alice, await agencyNamed(request, alice, 'Rabat'));
    const tellerEmail = await newTeller();
    const teller = await account(request, tellerEmail);
    const counter = await pageFor(browser, teller);
    await counter.setViewportSize({ width: 390, height: 844 });
    const phone = await pageFor(browser, alice);
    await phone.setViewportSize({ width: 390, height: 844 });
    const paid = await withdrawal(request, alice, here);
    // The bar comes with the user, which may answer after the screen's own data.
    const shot = async (name: string, options?: { fullPage: boolean }) => {
      await expect(counter.getByTestId('teller-bar-agency')).toHaveText('Mohammed V');
      await screenshot(counter, name, options);
    };
    for (const lang of ['fr', 'ar']) {
      const pending = await withdrawal(request, alice, here);
      // The teller's home, its menu open.
      await counter.goto(`/?lang=${lang}`);
      await expect(counter.getByTestId('banker-home')).toBeVisible();
      await shot(`home-${lang}.png`);
      await counter.getByTestId('teller-menu-button').click();
      await expect(counter.getByTestId('teller-menu')).toBeVisible();
      await shot(`item1-after-${lang}.png`, { fullPage: false });
      // Another agency's withdrawal: the agency to go to, and only the next customer.
      await counter.goto(`/withdraw?transaction=${rabat.token}&lang=${lang}`);
      await expect(counter.getByTestId('other-agency-name')).toHaveText('Agdal');
      await expect(counter.getByTestId('teller-type-again')).toHaveCount(0);
      await shot(`item3-after-${lang}.png`);
      // The same reference, named and spelt alike on the counter and on the customer's phone.
      await counter.goto(`/withdraw?transaction=${pending.token}&lang=${lang}`);
      await expect(counter.getByTestId('withdraw-identifier')).toHaveText(pending.identifier);
      await shot(`item4-after-counter-${lang}.png`);
      await phone.goto(`/transactions/${pending.id}?category=withdrawal&lang=${lang}`);
      await expect(phone.getByText(pending.identifier)).toBeVisible();
      await screenshot(phone, `item4-after-phone-${lang}.png`);
      // At 390x844 the validate button stays on screen with the code typed.
      const reserved = counter.waitForResponse((r) => r.url().includes('/reserve/'));
      await counter.getByTestId('confirm-amount').check();
      expect((await reserved).status()).toBe(200);
      await counter.getByTestId('withdraw-validate').click();
      await counter.getByTestId('pin-input').focus();
      await counter.keyboard.type(CODE);
      await expect(counter.getByTestId('withdraw-validate')).toBeInViewport({ ratio: 1 });
      await shot(`item7-after-${lang}.png`, { fullPage: false });
      if (lang === 'fr') {
        await counter.goto(`/withdraw?transaction=${paid.token}&lang=${lang}`);
        await counter.getByTestId('confirm-amount').check();
        await counter.getByTestId('withdraw-validate').click();
        await counter.getByTestId('pin-input').focus();
        await counter.keyboard.type(CODE);
        await counter.getByTestId('withdraw-validate').click();
        await expect(counter.getByTestId('payout-success')).toBeVisible();
      }
      // Already paid: when, at which agency, by which teller.
      await counter.goto(`/withdraw?transaction=${paid.token}&lang=${lang}`);
      await expect(counter.getByTestId('withdraw-status')).toContainText('Mohammed V');
      await expect(counter.getByTestId('withdraw-status')).toContainText('Nadia Test');
      await shot(`item5-after-${lang}.png`);
      // A pending withdrawal opened from the teller's list leads to the counter.
      await counter.goto(`/transactions/${pending.id}?category=withdrawal&banker=true&lang=${lang}`);
      await expect(counter.getByTestId('teller-next-step-link')).toBeVisible();
      await shot(`item8-after-${lang}.png`);
      // The teller's own settings speak to staff: the code validates payouts, the profile needs no phone.
      for (const [path, name] of [
        ['/settings/security-code', 'code'],
        ['/settings/profile?onboarding=true', 'profile'],
      ] as const) {
        await counter.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await shot(`item6-after-${name}-${lang}.png`);
      }
      // The teller's welcome offers no sign-up.
      const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await visitor.goto(`/auth?role=banker&lang=${lang}`);
      await expect(visitor.getByTestId('language-switcher')).toBeVisible();
      await screenshot(visitor, `item6-after-welcome-${lang}.png`);
      await visitor.close();
    }
  });
});
