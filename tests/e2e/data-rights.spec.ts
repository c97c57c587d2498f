/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { account, CODE, enterCode, pageFor } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

// Data rights: the profile downloads the customer's data as JSON; closing is refused with a balance (the
// reason translated), then, at zero, confirmed with the security code; the session ends and the welcome page says
// the account is closed.
test.describe('data rights on the profile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('download my data, then close the account after the confirmation', async ({ browser, request }) => {
    const alice = await account(request);
    await fund(alice.userId, 5_00n);
    const page = await pageFor(browser, alice);
    await page.goto('/settings/profile?lang=fr');
    const rights = page.getByTestId('data-rights');
    await expect(rights).toContainText('Vos données');

    const [download] = await Promise.all([page.waitForEvent('download'), rights.getByTestId('export-data').click()]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      profile: { id: number; email: string };
      sign_in_events: unknown[];
    };
    expect(data.profile).toMatchObject({ id: alice.userId, email: alice.email });
    expect(data.sign_in_events.length).toBeGreaterThan(0);
    await screenshot(page, 'data-rights-profile-fr-390.png');

    // With 5 MAD left: refused, and said why in French.
    await rights.getByTestId('close-account').click();
    const confirm = page.getByTestId('close-confirmation');
    await expect(confirm).toContainText('Fermer votre compte ?');
    await expect(confirm).toContainText('5 ans');
    await screenshot(page, 'data-rights-close-fr-390.png');
    await enterCode(page);
    await confirm.getByTestId('close-confirm').click();
    await expect(confirm.getByTestId('close-error')).toContainText('Votre compte ne peut pas encore être fermé');
    await expect(confirm.getByTestId('close-blocker-balance')).toContainText('Votre solde doit être à zéro');
    // Dismissing changes nothing.
    await confirm.getByTestId('close-cancel').click();
    await expect(page.getByTestId('close-confirmation')).toHaveCount(0);

    // Spend the balance (a cash pickup), then close for good.
    const headers = { authorization: `Bearer ${alice.token}` };
    const contact = await request.post('/api/contacts/', {
      headers,
      data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345678' },
    });
    const { id: contactId } = (await contact.json()) as { id: number };
    const pickup = await request.post('/api/transactions/', {
      headers,
      data: { contact: contactId, amount: '5', security_code: CODE, delivery: 'cash_pickup' },
    });
    expect(pickup.status(), await pickup.text()).toBe(201);
    const { id: pickupId } = (await pickup.json()) as { id: number };
    // A pickup waiting for its recipient is a pending transaction: cancelled, the money is back, then sent away.
    expect((await request.post(`/api/transactions/${pickupId}/cancel/`, { headers })).status()).toBe(200);
    const bob = await account(request);
    const toBob = await request.post('/api/contacts/', { headers, data: { first_name: 'Bob', last_name: 'T', email: bob.email } });
    const { id: bobContact } = (await toBob.json()) as { id: number };
    const sent = await request.post('/api/transactions/', {
      headers,
      data: { contact: bobContact, amount: '5', security_code: CODE },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.goto('/settings/profile?lang=ar');
    await expect(page.getByTestId('data-rights')).toContainText('بياناتك');
    await screenshot(page, 'data-rights-profile-ar-390.png');
    await page.getByTestId('close-account').click();
    await expect(page.getByTestId('close-confirmation')).toContainText('هل تريد إغلاق حسابك؟');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'data-rights-close-ar-390.png');
    await enterCode(page);
    await page.getByTestId('close-confirm').click();
    await expect(page).toHaveURL(/\/auth\?/);
    await expect(page.getByTestId('account-closed')).toContainText('تم إغلاق حسابك');
    await screenshot(page, 'data-rights-closed-ar-390.png');
    // In French, in a browser without the test's stored token (pageFor writes it again at every navigation).
    const fresh = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await fresh.goto('/auth?closed=1&lang=fr');
    await expect(fresh.getByTestId('account-closed')).toContainText('Votre compte est fermé');
    await screenshot(fresh, 'data-rights-closed-fr-390.png');
    // The old session is gone.
    expect((await request.get('/api/users/', { headers })).status()).toBe(401);
  });
});
