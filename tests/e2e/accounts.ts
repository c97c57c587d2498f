import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const CODE = '246810';

export interface Account {
  email: string;
  token: string;
  userId: number;
}

/** Signs up through the API (code from the dev outbox), sets the security code and a profile (`phone`: not proved). */
export async function account(
  request: APIRequestContext,
  email = `e2e-tx-${randomUUID()}@example.com`,
  phone = `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
): Promise<Account> {
  expect((await request.post('/api/auth/send_code/', { data: { email, language: 'fr' } })).status()).toBe(200);
  const outbox = (await (await request.get(`/api/dev/outbox/?to=${encodeURIComponent(email)}`)).json()) as {
    results: { code: string | null }[];
  };
  const verified = await request.post('/api/auth/verify_code/', { data: { email, code: outbox.results.find((m) => m.code)?.code } });
  expect(verified.status()).toBe(200);
  const { access, user_id: userId } = (await verified.json()) as { access: string; user_id: number };
  const headers = { authorization: `Bearer ${access}` };
  const set = await request.post(`/api/users/${userId}/security_code/`, { headers, data: { security_code: CODE } });
  expect(set.status()).toBeLessThan(300);
  const profile = await request.patch(`/api/users/${userId}/`, {
    headers,
    data: { first_name: 'Nadia', last_name: 'Test', country: 'FR', phone_number: phone },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { email, token: access, userId };
}

/** A browser context signed in as `who`. */
export async function pageFor(browser: Browser, who: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((token) => localStorage.setItem('token', token), who.token);
  return page;
}

export async function enterCode(page: Page) {
  for (const digit of CODE) await page.getByTestId(`keypad-${digit}`).click();
}
