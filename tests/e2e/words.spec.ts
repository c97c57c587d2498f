import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * Words a customer reads, in French and Arabic at 390x844 (saved as words-*.png with E2E_SCREENSHOTS=1): a
 * notification naming a Latin-script sender, its date with the month in letters (Arabic wrote it all in digits);
 * the send summary to someone without an account in words that hold for a woman; the agencies list with their
 * names and each city in the reader's language.
 */

test.use({ viewport: { width: 390, height: 844 } });

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

for (const lang of ['fr', 'ar'] as const) {
  test(`a notification, the summary to someone without an account and the agencies in words (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const phone = `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const jean = await account(request, undefined, phone);
    const named = await request.patch(`/api/users/${jean.userId}/`, {
      headers: auth(jean),
      data: { first_name: 'Jean', last_name: 'Dupont', country: 'FR', phone_number: phone },
    });
    expect(named.status(), await named.text()).toBe(200);
    const salma = await account(request);
    await fund(jean.userId, 500_00n);
    const toSalma = await request.post('/api/contacts/', {
      headers: auth(jean),
      data: { first_name: 'Salma', last_name: 'Alaoui', email: salma.email },
    });
    expect(toSalma.status(), await toSalma.text()).toBe(201);
    const sent = await request.post('/api/transactions/', {
      headers: { ...auth(jean), 'idempotency-key': crypto.randomUUID() },
      data: { amount: 120, contact: ((await toSalma.json()) as { id: number }).id, security_code: CODE },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // The recipient's notification: the sender's Latin name inside Arabic, the date written out.
    const inbox = await pageFor(browser, salma);
    await inbox.goto(`/notifications?lang=${lang}`);
    const row = inbox.getByTestId('notification').first();
    await expect(row).toContainText('Jean Dupont');
    const when = (await row.locator('time').textContent()) ?? '';
    expect(when).toMatch(lang === 'ar' ? /\p{Script=Arabic}/u : /\d{1,2}(er)? \p{L}+/u);
    expect(when).not.toMatch(/\d+\D?\/\D?\d+/);
    await screenshot(inbox, `words-notification-${lang}.png`, { fullPage: false });

    // The send summary to someone without an account: neutral words for the recipient.
    const nobody = await request.post('/api/contacts/', {
      headers: auth(jean),
      data: {
        first_name: 'Fatima',
        last_name: 'Zahra',
        phone_number: `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
      },
    });
    expect(nobody.status(), await nobody.text()).toBe(201);
    const page = await pageFor(browser, jean);
    await page.goto(`/transactions/create?contact=${((await nobody.json()) as { id: number }).id}&transaction=send&lang=${lang}`);
    await page.getByTestId('create-amount').fill('100');
    await page.getByTestId('create-next').click();
    const notice = page.getByTestId('summary-no-account');
    await expect(notice).toContainText(lang === 'ar' ? 'تُرسل دعوة عبر رسالة قصيرة' : 'Une invitation lui est envoyée par SMS');
    await expect(notice).not.toContainText(lang === 'ar' ? 'يفتح' : 'Il est invité');
    await screenshot(page, `words-summary-${lang}.png`);

    // The agencies: named for their street or neighbourhood, the city in the reader's language.
    await page.goto(`/contacts?tab=agencies&lang=${lang}`);
    await expect(page.getByTestId('contact-row').filter({ hasText: 'Pasteur' })).toContainText(
      lang === 'ar' ? 'طنجة' : 'Tanger',
    );
    await expect(page.getByText(/Wallet /)).toHaveCount(0);
    await screenshot(page, `words-agencies-${lang}.png`, { fullPage: false });
  });
}
