/// <reference lib="dom" />
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { nextMessage, outboxCount, uniqueEmail } from './identity-helpers.ts';
import { fund, newTeller } from './operator.ts';

// The three journeys that matter with the keyboard alone (Tab, Shift+Tab, Enter, Space and
// typing; never a click): sign-in and onboarding to home, a send, and a teller's payout. Every stop of the focus
// must show a focus indicator, and the focus must move through a screen in reading order (top to bottom).

const CODE = '258036';

interface Stop {
  what: string;
  top: number;
  fixed: boolean;
}

/** The focused element: a name for messages, its position on the page, and whether it shows a focus style. */
async function focused(page: Page): Promise<Stop & { indicator: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', top: 0, fixed: false, indicator: true };
    // A ring on the element, or on the box around it (:focus-within, e.g. the phone field with its prefix).
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    let indicator = false;
    for (let node: Element | null = el, depth = 0; node && depth < 3 && !indicator; node = node.parentElement, depth++)
      indicator = shows(node);
    let fixed = false;
    for (let node: HTMLElement | null = el; node; node = node.parentElement)
      if (['fixed', 'sticky'].includes(getComputedStyle(node).position)) fixed = true;
    const label =
      el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
    return {
      what: `${el.tagName.toLowerCase()}[${label}]`,
      top: el.getBoundingClientRect().top + window.scrollY,
      fixed,
      indicator,
    };
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus is visible;
 * going forward, the stops must also go down the screen (a fixed bar, e.g. the bottom navigation, aside).
 */
async function tabTo(
  page: Page,
  target: Locator,
  direction: 'forward' | 'back' = 'forward',
  max = 40,
): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) {
      if (process.env.KBD_DEBUG) console.log(`tab ${direction}: ${stops.map((s) => s.what).join(' > ')}`);
      // Past the end, the focus leaves the page and comes back at the top: the order starts again there.
      const lastWrap = stops.map((s) => s.what).lastIndexOf('body');
      const flowing = stops.slice(lastWrap + 1).filter((s) => !s.fixed);
      for (let k = 1; k < flowing.length; k++) {
        const [before, after] = [flowing[k - 1] as Stop, flowing[k] as Stop];
        if (direction === 'forward')
          expect(after.top, `focus order: ${before.what} then ${after.what}`).toBeGreaterThanOrEqual(before.top - 8);
        else expect(after.top, `focus order: ${before.what} then ${after.what}`).toBeLessThanOrEqual(before.top + 8);
      }
      return stops;
    }
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
    const stop = await focused(page);
    expect(stop.indicator, `no visible focus indicator on ${stop.what}`).toBe(true);
    stops.push(stop);
  }
  throw new Error(
    `${await target.evaluate((el) => el.outerHTML.slice(0, 120)).catch(() => 'target')} never got the focus`,
  );
}

/** Presses a key on the on-screen keypad with the keyboard: Tab or Shift+Tab to it, then Space. */
async function keypad(page: Page, digits: string): Promise<void> {
  for (const digit of digits) {
    const key = page.getByTestId(`keypad-${digit}`);
    const here = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    const order = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'delete'];
    const from = order.indexOf(here.replace('keypad-', ''));
    await tabTo(page, key, from > order.indexOf(digit) ? 'back' : 'forward', 60);
    await page.keyboard.press('Space');
  }
}

interface Account {
  email: string;
  token: string;
  userId: number;
}

async function apiAccount(request: APIRequestContext, email = uniqueEmail('kbd')): Promise<Account> {
  expect((await request.post('/api/auth/send_code/', { data: { email, language: 'fr' } })).status()).toBe(200);
  const code = await nextMessage(request, email, 0, 'code');
  const verified = await request.post('/api/auth/verify_code/', { data: { email, code } });
  expect(verified.status()).toBe(200);
  const { access: token, user_id: userId } = (await verified.json()) as { access: string; user_id: number };
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (await request.post(`/api/users/${userId}/security_code/`, { headers, data: { security_code: CODE } })).status(),
  ).toBeLessThan(300);
  const phone = `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const profile = await request.patch(`/api/users/${userId}/`, {
    headers,
    data: { first_name: 'Yasmine', last_name: 'Tazi', country: 'FR', phone_number: phone },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { email, token, userId };
}

async function pageWithToken(browser: Browser, token: string, role?: 'banker'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(
    ([t, r]) => {
      localStorage.setItem('token', t ?? '');
      if (r) localStorage.setItem('role', r);
    },
    [token, role] as const,
  );
  return page;
}

test.describe('keyboard only', () => {
  test('sign in by e-mail, set the security code, fill the profile, then send money: no mouse', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('kbd');
    await page.goto('/auth?lang=fr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Welcome -> method -> e-mail.
    const login = page.getByRole('link', { name: 'Se connecter' });
    await tabTo(page, login);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/step1\?/);
    await tabTo(page, page.getByTestId('method-email'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/email\/step1\?/);
    await tabTo(page, page.getByTestId('email-input'));
    const before = await outboxCount(request, email);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    // The code: the first box has the focus; six digits submit on their own.
    await expect(page).toHaveURL(/\/auth\/email\/step2\?/);
    const code = await nextMessage(request, email, before, 'code');
    await expect(page.getByTestId('code-box-0')).toBeFocused();
    await page.keyboard.type(code, { delay: 20 });

    // Onboarding: the security code typed in its field, then confirmed on the keypad keys (Tab, Space).
    await expect(page).toHaveURL(/\/settings\/security-code\?.*onboarding=true/);
    await tabTo(page, page.getByTestId('pin-input'));
    await page.keyboard.type(CODE);
    await tabTo(page, page.getByTestId('security-code-submit'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pin-input')).toHaveValue('');
    await keypad(page, CODE);
    await expect(page.getByTestId('pin-input')).toHaveValue(CODE);
    await tabTo(page, page.getByTestId('security-code-submit'));
    await page.keyboard.press('Enter');

    // The profile: typing a name chooses in a select (29 countries in the language's order), typing fills the
    // fields, Enter submits.
    await expect(page).toHaveURL(/\/settings\/profile\?.*onboarding=true/);
    await tabTo(page, page.getByTestId('profile-country'));
    await page.keyboard.type('France');
    await expect(page.getByTestId('profile-country')).toHaveValue('FR');
    await tabTo(page, page.getByTestId('profile-first-name'));
    await page.keyboard.type('Yasmine');
    await tabTo(page, page.getByTestId('profile-last-name'));
    await page.keyboard.type('Tazi');
    await tabTo(page, page.getByTestId('phone-input'));
    await page.keyboard.type(`06${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
    await tabTo(page, page.getByTestId('profile-save'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/\?lang=fr$/);

    // Money and a recipient for the send (the subject here is the keyboard, not adding them).
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const me = (await (await request.get('/api/users/', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      results: { id: number }[];
    };
    await fund(me.results[0]?.id ?? 0, 500_00n);
    const bob = await apiAccount(request);
    const contact = await request.post('/api/contacts/', {
      headers: { authorization: `Bearer ${token}` },
      data: { first_name: 'Bilal', last_name: 'Keyboard', email: bob.email },
    });
    expect(contact.status()).toBe(201);

    // Home -> send -> the recipient -> amount -> security code -> confirm.
    await page.reload();
    await expect(page.getByTestId('balance-mad')).toContainText('500');
    await tabTo(page, page.getByTestId('home-send'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contacts\?.*transaction=send/);
    await tabTo(page, page.getByRole('link', { name: /Bilal Keyboard/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/transactions\/create\?/);
    await tabTo(page, page.getByTestId('create-amount'));
    await page.keyboard.type('42');
    await tabTo(page, page.getByTestId('create-next'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pin-input')).toBeVisible();
    await tabTo(page, page.getByTestId('pin-input'));
    await page.keyboard.type(CODE);
    await tabTo(page, page.getByTestId('create-confirm'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('success')).toBeVisible();
    await tabTo(page, page.getByTestId('success-home'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await expect(page.getByTestId('recent-transactions')).toContainText('Bilal Keyboard');
    await expect(page.getByTestId('balance-mad')).toContainText('458');
  });

  test('a teller opens a withdrawal by its code, confirms the handover and validates: no mouse', async ({
    browser,
    request,
  }) => {
    const alice = await apiAccount(request);
    await fund(alice.userId, 300_00n);
    const teller = await apiAccount(request, await newTeller());
    const agencies = await request.get('/api/contacts/?public=true&search=Casablanca', {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const agency = ((await agencies.json()) as { results: { id: number; city: string | null }[] }).results.find(
      (a) => a.city === 'Casablanca',
    );
    const created = await request.post('/api/transactions/', {
      headers: { authorization: `Bearer ${alice.token}`, 'idempotency-key': randomUUID() },
      data: { amount: 150, contact: agency?.id, security_code: CODE },
    });
    expect(created.status()).toBe(201);
    const token = ((await created.json()) as { token: string }).token;

    const page = await pageWithToken(browser, teller.token, 'banker');
    await page.goto('/?lang=fr');
    await expect(page.getByTestId('banker-home')).toBeVisible();
    await tabTo(page, page.getByTestId('accept-withdrawal'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/withdraw\?lang=fr$/);

    // No camera here: the code typed by hand, as a teller does when a QR will not scan.
    await tabTo(page, page.getByTestId('manual-token'));
    await page.keyboard.type(token);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`transaction=${token}`));
    await expect(page.getByTestId('withdraw-transaction')).toContainText('Yasmine Tazi');

    await tabTo(page, page.getByTestId('confirm-amount'));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('confirm-amount')).toBeChecked();
    await tabTo(page, page.getByTestId('withdraw-validate'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pin-input')).toBeVisible();
    await tabTo(page, page.getByTestId('pin-input'), 'back');
    await page.keyboard.type(CODE);
    await tabTo(page, page.getByTestId('withdraw-validate'));
    await page.keyboard.press('Enter');
    // The success state takes the focus; the next withdrawal is one Tab away.
    await expect(page.getByTestId('payout-success')).toBeVisible();
    // The heading takes the focus in an effect after the render: Tab before it, and it starts from the page.
    await expect(page.getByTestId('payout-success').locator('h2')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('teller-scan-again')).toBeFocused();

    const after = await request.get(`/api/withdrawals/${token}/`, {
      headers: { authorization: `Bearer ${teller.token}` },
    });
    expect(((await after.json()) as { status: string }).status).toBe('validated');
  });
});
