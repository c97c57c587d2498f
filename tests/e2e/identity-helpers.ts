import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { CODE } from './accounts.ts';

// The e2e database persists in .data/e2e-pg between runs: every identifier is new, or a later run would log in
// to an account an earlier run already onboarded.
export const uniqueEmail = (tag: string) => `e2e-${tag}-${randomUUID()}@example.com`;

/** A French mobile: 6 then 8 random digits, as the national part the phone screen takes (no trunk 0). */
export const uniqueFrenchMobile = () => `6${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
export const uniqueMoroccanMobile = () => `06${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

interface OutboxMessage {
  code: string | null;
  link: string | null;
  created_at: string;
}

export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox/?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: OutboxMessage[] }).results;
}

/** How many messages the recipient has; take it before asking for a code, then wait for one more. */
export async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request, to)).length;
}

/** The newest message's field once the outbox holds more than `before` messages for `to` (newest first). */
export async function nextMessage(
  request: APIRequestContext,
  to: string,
  before: number,
  field: 'code' | 'link',
): Promise<string> {
  let value: string | null = null;
  await expect
    .poll(async () => {
      const messages = await outbox(request, to);
      value = messages.length > before ? (messages[0]?.[field] ?? null) : null;
      return value;
    })
    .not.toBeNull();
  return value ?? '';
}

/** Types a code into the six boxes as a person does, one digit at a time (auto-advance, then auto-submit). */
export async function typeLoginCode(page: Page, code: string): Promise<void> {
  await expect(page.getByTestId('code-box-0')).toBeFocused();
  await page.keyboard.type(code, { delay: 20 });
}

/** Sets the security code: the first entry on the on-screen keypad, the confirmation typed on the keyboard. */
export async function setSecurityCode(page: Page, code: string): Promise<void> {
  for (const digit of code) await page.getByTestId(`keypad-${digit}`).click();
  await page.getByTestId('security-code-submit').click();
  await page.getByTestId('pin-input').fill(code);
  await page.getByTestId('security-code-submit').click();
}

/**
 * Signs up (or in) through the API, as the login screens would, with the code from the dev outbox, and puts
 * the token where the app reads it. For tests whose subject is another screen than the login.
 */
export async function signInThroughApi(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  expect((await request.post('/api/auth/send_code/', { data: { email, language: 'en' } })).status()).toBe(200);
  const code = (await outbox(request, email)).find((m) => m.code)?.code;
  const verified = await request.post('/api/auth/verify_code/', { data: { email, code } });
  expect(verified.status()).toBe(200);
  const { access } = (await verified.json()) as { access: string };
  await page.addInitScript((token) => localStorage.setItem('token', token), access);
  return access;
}

/** A phone customer with a security code and a full profile whose e-mail is not confirmed yet. */
export async function phoneCustomerWithEmail(request: APIRequestContext, language: string) {
  const phone = `+33${uniqueFrenchMobile()}`;
  expect((await request.post('/api/auth/send_code/', { data: { phone_number: phone, language } })).status()).toBe(200);
  const code = (await outbox(request, phone)).find((m) => m.code)?.code;
  const verified = await request.post('/api/auth/verify_code/', { data: { phone_number: phone, code } });
  expect(verified.status()).toBe(200);
  const { access, user_id: userId } = (await verified.json()) as { access: string; user_id: number };
  const headers = { authorization: `Bearer ${access}` };
  expect((await request.post(`/api/users/${userId}/security_code/`, { headers, data: { security_code: CODE } })).status()).toBe(200);
  const email = uniqueEmail('resend');
  const profile = await request.patch(`/api/users/${userId}/`, {
    headers,
    data: { first_name: 'Karim', last_name: 'Bennani', country: 'FR', email },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { token: access, email, userId, phone };
}
