/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { outbox, phoneCustomerWithEmail } from './identity-helpers.ts';
import { screenshot } from './screenshots.ts';

/**
 * A customer signed in by phone sets an e-mail on the profile; until its link is opened the profile says
 * it is not confirmed and offers to send the link again. Asking at once (the profile's own link is seconds old)
 * shows the wait the server's Retry-After gives, and the button rests. Once confirmed, the button is gone.
 * Screenshots at 390x844 in French and Arabic with E2E_SCREENSHOTS=1.
 */
test.use({ viewport: { width: 390, height: 844 } });

const expected = {
  fr: {
    unconfirmed: 'Adresse pas encore confirmée : ouvrez le lien que nous vous avons envoyé par e-mail.',
    button: 'Renvoyer le lien de confirmation',
    wait: /^Vous pourrez demander un nouveau lien dans \d+\s(seconde|secondes)\.$/u,
  },
  ar: {
    unconfirmed: 'لم يتم تأكيد العنوان بعد: افتح الرابط الذي أرسلناه إليك بالبريد الإلكتروني.',
    button: 'إعادة إرسال رابط التأكيد',
    wait: /^يمكنك طلب رابط جديد بعد .*\d.*\.$/u,
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`an unconfirmed e-mail on the profile: send the link again, the wait after a 429 (${lang})`, async ({
    page,
    request,
  }) => {
    const { token, email } = await phoneCustomerWithEmail(request, lang);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`/settings/profile?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const box = page.getByTestId('email-confirmation');
    await expect(box).toContainText(expected[lang].unconfirmed);
    await expect(page.getByTestId('email-resend')).toHaveText(expected[lang].button);
    await screenshot(page, `email-confirmation-unconfirmed-${lang}-390.png`);

    // The profile's own link left seconds ago: the server answers 429 and the screen shows its wait.
    await page.getByTestId('email-resend').click();
    await expect(page.getByTestId('email-resend-status')).toHaveText(expected[lang].wait);
    await expect(page.getByTestId('email-resend')).toBeDisabled();
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, `email-confirmation-wait-${lang}-390.png`);

    // Confirmed through the mailed link: the profile no longer offers to send one.
    const link = (await outbox(request, email)).find((m) => m.link)?.link ?? '';
    const code = new URL(link).searchParams.get('code') ?? '';
    expect((await request.get(`/api/auth/confirm_email/?code=${code}`)).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveValue(email);
    await expect(page.getByTestId('email-resend')).toHaveCount(0);
  });
}
