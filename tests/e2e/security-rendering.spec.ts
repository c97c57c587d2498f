/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughApi, uniqueEmail, uniqueFrenchMobile } from './identity-helpers';

/**
 * Names are data, never markup: a recipient, a profile and a sender named with HTML or script
 * show as literal text in every screen that renders them; no dialog fires, no element is injected, and the page
 * breaks no rule of its CSP. The sender case is the real attack: another customer chooses their own name and sends
 * money, so it lands in the victim's history.
 */
const payloads = {
  contactFirst: '<img src=x onerror=alert(1)>',
  contactLast: '<script>alert(2)</script>',
  profileFirst: '<script>window.__xss = 3</script>',
  profileLast: '"><svg onload=alert(4)>',
  senderFirst: '<img src=x onerror=alert(5)>',
  senderLast: '<b>Bold</b>',
};
const CODE = '135790';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post('/api/auth/send_code/', { data: { email, language: 'en' } })).status()).toBe(200);
  const outbox = await request.get(`/api/dev/outbox/?to=${encodeURIComponent(email)}`);
  const code = ((await outbox.json()) as { results: { code: string | null }[] }).results.find((m) => m.code)?.code;
  const verified = await request.post('/api/auth/verify_code/', { data: { email, code } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { access: string }).access;
}

/** Full profile (names given) and a security code, through the API as the onboarding screens would. */
async function onboard(request: APIRequestContext, token: string, first: string, last: string): Promise<number> {
  const me = await request.get('/api/users/', { headers: bearer(token) });
  const id = ((await me.json()) as { results: { id: number }[] }).results[0]?.id ?? 0;
  const profile = await request.patch(`/api/users/${id}/`, {
    headers: bearer(token),
    data: { first_name: first, last_name: last, country: 'FR', phone_number: `+33${uniqueFrenchMobile()}` },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const code = await request.post(`/api/users/${id}/security_code/`, {
    headers: bearer(token),
    data: { security_code: CODE },
  });
  expect(code.status()).toBe(200);
  return id;
}

/** An attacker with money: signs up, names themself with markup, adds 10 EUR through the sandbox, sends 5 MAD. */
async function attackerSendsTo(request: APIRequestContext, victimEmail: string): Promise<void> {
  const token = await apiSignIn(request, uniqueEmail('xss-attacker'));
  await onboard(request, token, payloads.senderFirst, payloads.senderLast);
  const draft = await request.post('/api/exchanges/', { headers: bearer(token), data: { from_amount: '10.00' } });
  const exchangeId = ((await draft.json()) as { id: number }).id;
  const checkout = await request.get(`/api/exchanges/${exchangeId}/validate/`, { headers: bearer(token) });
  const url = new URL(((await checkout.json()) as { url: string }).url);
  const paid = await request.post(`${url.pathname}/pay`, {
    form: { card_number: '4242424242424242', expiry: '12/39', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const contact = await request.post('/api/contacts/', {
    headers: bearer(token),
    data: { first_name: 'Victim', last_name: 'Person', email: victimEmail },
  });
  expect(contact.status()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers: bearer(token),
    data: { amount: 5, contact: ((await contact.json()) as { id: number }).id, security_code: CODE },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Whatever the screen: no dialog, no injected image or script, no flag set by an injected script, CSP kept. */
async function expectNothingInjected(page: Page, dialogs: string[]): Promise<void> {
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  await expect(page.locator('main b')).toHaveCount(0);
  const inline = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('script')).filter((s) => !s.src && /alert|__xss/.test(String(s.textContent)))
        .length,
  );
  expect(inline).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
}

test('names with HTML or script render as text on every screen', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });

  const victimToken = await signInThroughApi(page, request, 'xss-victim');
  const victimEmail = (
    (await (await request.get('/api/users/', { headers: bearer(victimToken) })).json()) as {
      results: { email: string }[];
    }
  ).results[0]?.email;
  await onboard(request, victimToken, payloads.profileFirst, payloads.profileLast);
  const contact = await request.post('/api/contacts/', {
    headers: bearer(victimToken),
    data: {
      first_name: payloads.contactFirst,
      last_name: payloads.contactLast,
      email: `xss-${randomUUID()}@example.com`,
    },
  });
  expect(contact.status()).toBe(201);
  const contactId = ((await contact.json()) as { id: number }).id;
  await attackerSendsTo(request, victimEmail ?? '');

  const home = await page.goto('/?lang=en');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.getByText(`Hello ${payloads.profileFirst}`)).toBeVisible();
  const senderName = `${payloads.senderFirst} ${payloads.senderLast}`;
  await expect(page.getByTestId('transaction-row').first()).toContainText(`From ${senderName}`);
  await expectNothingInjected(page, dialogs);

  await page.goto('/contacts?lang=en');
  await expect(page.getByTestId('contact-row').first()).toContainText(
    `${payloads.contactFirst} ${payloads.contactLast}`,
  );
  await expectNothingInjected(page, dialogs);

  await page.goto(`/contacts/${contactId}?lang=en`);
  await expect(page.getByTestId('contact-name')).toHaveText(`${payloads.contactFirst} ${payloads.contactLast}`);
  await expectNothingInjected(page, dialogs);

  await page.goto('/transactions?lang=en');
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText(`From ${senderName}`);
  await row.click();
  await expect(page.getByTestId('sender-block')).toContainText(senderName);
  await expectNothingInjected(page, dialogs);

  await page.goto('/settings/profile?lang=en');
  await expect(page.getByTestId('profile-first-name')).toHaveValue(payloads.profileFirst);
  await expect(page.getByTestId('profile-last-name')).toHaveValue(payloads.profileLast);
  await expectNothingInjected(page, dialogs);
});
