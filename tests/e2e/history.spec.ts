/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { nextMessage, outboxCount, typeLoginCode, uniqueEmail } from './identity-helpers';

// Android's Back button is history.back(): an installed app that pushes a redirect on every Back can never be
// left. The guard's redirects replace the entry they bounce from, so the history runs out.
test.describe('history', () => {
  test('after signing in, five Backs leave the app', async ({ page, request }) => {
    await page.goto('about:blank');
    const email = uniqueEmail('back');
    await page.goto('/auth?lang=fr');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByTestId('method-email').click();
    const before = await outboxCount(request, email);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('send-code').click();
    await expect(page).toHaveURL(/\/auth\/email\/step2\?/);
    await typeLoginCode(page, await nextMessage(request, email, before, 'code'));
    await expect(page).toHaveURL(/\/settings\/security-code\?/);

    for (let i = 0; i < 5 && page.url() !== 'about:blank'; i += 1) {
      await page.goBack({ waitUntil: 'commit' });
      // Signed in, every auth page the Back lands on is redirected home: wait for it before the next Back.
      await expect(page).not.toHaveURL(/\/auth/);
    }
    expect(page.url()).toBe('about:blank');
  });
});
