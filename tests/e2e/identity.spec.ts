/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { newTeller } from './operator.ts';
import {
  nextMessage,
  outboxCount,
  setSecurityCode,
  typeLoginCode,
  uniqueEmail,
  uniqueFrenchMobile,
  uniqueMoroccanMobile,
} from './identity-helpers';

const stored = (key: string) => localStorage.getItem(key);

test.describe('sign-in and identity', () => {
  test('a new customer signs up by e-mail and is onboarded through security code and profile to home', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth?lang=fr');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(page).toHaveURL(/\/auth\/step1\?lang=fr$/);
    await expect(page.getByTestId('choice-final')).toContainText('ce choix est définitif');

    await page.getByTestId('method-email').click();
    await page.getByTestId('email-input').fill('not-an-email');
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('field-error')).toHaveText('Saisissez une adresse e-mail valide.');

    const before = await outboxCount(request, email);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('send-code').click();
    await expect(page).toHaveURL(/\/auth\/email\/step2\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect(page.getByTestId('code-target')).toHaveText(email);

    await typeLoginCode(page, await nextMessage(request, email, before, 'code'));
    await expect(page).toHaveURL(/\/settings\/security-code\?.*onboarding=true/);
    expect(await page.evaluate(stored, 'token')).toBeTruthy();
    expect(await page.evaluate(stored, 'role')).toBe('customer');

    // A mismatch starts over; then a match saves and hands over to the profile.
    for (const digit of '135790') await page.getByTestId(`keypad-${digit}`).click();
    await page.getByTestId('security-code-submit').click();
    await page.getByTestId('pin-input').fill('135791');
    await page.getByTestId('security-code-submit').click();
    await expect(page.getByTestId('security-code-error')).toHaveText('Les codes ne correspondent pas, réessayez...');
    await setSecurityCode(page, '135790');

    await expect(page).toHaveURL(/\/settings\/profile\?.*onboarding=true/);
    await expect(page.getByTestId('profile-email')).toHaveValue(email);
    await expect(page.getByTestId('profile-email')).toBeDisabled();
    // Onboarding shows only what it asks: no wallet, code or logout yet.
    await expect(page.getByTestId('security-code-status')).toHaveCount(0);
    await expect(page.getByTestId('wallet-address')).toHaveCount(0);
    await expect(page.getByTestId('logout')).toHaveCount(0);

    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-error')).toHaveText('Tous les champs sont obligatoires.');
    // Each missing field is marked, and the first one has the focus.
    await expect(page.getByTestId('profile-country')).toBeFocused();
    await expect(page.getByTestId('profile-country')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('profile-first-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('profile-email')).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('profile-country').selectOption('MA');
    await page.getByTestId('profile-first-name').fill('Amina');
    await page.getByTestId('profile-last-name').fill('El Idrissi');
    await page.getByTestId('phone-prefix').selectOption('+212');
    await page.getByTestId('phone-input').fill(uniqueMoroccanMobile());
    await expect(page.getByTestId('phone-input')).toHaveValue(/^06 \d\d \d\d \d\d \d\d$/);
    await page.getByTestId('profile-save').click();

    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Amina');
    await expect(page.getByTestId('balance-mad')).toContainText('0,00');
    await expect(page.getByTestId('balance-mad')).toContainText('MAD');
    await expect(page.getByTestId('balance-eur')).toContainText('EUR');
    // A zero balance: send and withdraw lead to add money.
    await expect(page.getByTestId('home-send')).toHaveAttribute('href', /^\/exchange/);
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByTestId('avatar')).toHaveText('AE');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'user');
  });

  test('a customer logs in by phone, confirms an e-mail by link and logs out', async ({ page, request }) => {
    const national = uniqueFrenchMobile();
    const e164 = `+33${national}`;
    await page.goto('/auth/step1?lang=fr');
    await page.getByTestId('method-phone').click();
    await expect(page.getByTestId('country-select')).toHaveValue('FR');
    await page.getByTestId('country-continue').click();
    await expect(page).toHaveURL(/\/auth\/phone\/step2\?prefix=%2B33/);

    await page.getByTestId('phone-input').fill(`0${national}`);
    await expect(page.getByTestId('phone-input')).toHaveValue(/^06|^07/);
    await expect(page.getByTestId('phone-input')).toHaveValue(/^0\d \d\d \d\d \d\d \d\d$/);
    const before = await outboxCount(request, e164);
    await page.getByTestId('send-code').click();
    await expect(page).toHaveURL(/\/auth\/phone\/step3\?/);
    await expect(page.getByTestId('code-target')).toHaveText(/^\+33 \(0\)\d \d\d \d\d \d\d \d\d$/);
    const code = await nextMessage(request, e164, before, 'code');

    // A wrong code says so and clears the boxes for another try.
    const wrong = code === '000000' ? '111111' : '000000';
    await typeLoginCode(page, wrong);
    await expect(page.getByTestId('code-error')).toHaveText('Le code est incorrect.');
    for (let i = 0; i < 6; i += 1) await expect(page.getByTestId(`code-box-${i}`)).toHaveValue('');
    await typeLoginCode(page, code);

    await expect(page).toHaveURL(/\/settings\/security-code\?.*onboarding=true/);
    await setSecurityCode(page, '246802');
    await expect(page).toHaveURL(/\/settings\/profile\?.*onboarding=true/);
    // The phone is the sign-in identifier: shown, locked.
    await expect(page.getByTestId('phone-input')).toBeDisabled();
    const email = uniqueEmail('phone-user');
    await page.getByTestId('profile-country').selectOption('FR');
    await page.getByTestId('profile-first-name').fill('Karim');
    await page.getByTestId('profile-last-name').fill('Bennani');
    await page.getByTestId('profile-email').fill(email);
    const mails = await outboxCount(request, email);
    await page.getByTestId('profile-save').click();
    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await expect(page.getByTestId('avatar')).toHaveText('KB');

    // The confirmation link from the mail, opened in the app.
    const link = new URL(await nextMessage(request, email, mails, 'link'));
    await page.goto(`${link.pathname}${link.search}`);
    // Opening the link confirms nothing (a mail scanner running scripts would): the press does.
    await expect(page.getByTestId('confirm-email-status')).toHaveText('Confirmez que cette adresse e-mail est bien la vôtre.');
    await page.getByTestId('confirm-email-button').click();
    await expect(page.getByTestId('confirm-email-status')).toHaveText('Votre adresse e-mail est confirmée.');
    await page.goto('/authentication/confirm-email?lang=fr');
    await expect(page.getByTestId('confirm-email-status')).toHaveText('Code de confirmation manquant');

    await page.goto('/settings/profile?lang=fr');
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\?lang=fr$/);
    expect(await page.evaluate(stored, 'token')).toBeNull();
    expect(await page.evaluate(stored, 'role')).toBeNull();
    await page.goto('/settings/profile?lang=fr');
    await expect(page).toHaveURL(/\/auth\?/);

    // Asking for another code at once hits the per-number throttle: the wait is shown, from Retry-After.
    await page.goto(`/auth/phone/step2?prefix=%2B33&phone=${national}&lang=fr`);
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('form-error')).toHaveText(/^Trop de tentatives, réessayez dans \d+ s\.$/);
  });

  test('a teller logs in by e-mail and lands on the banker home', async ({ page, request }) => {
    const email = await newTeller();
    await page.goto('/auth?role=banker&lang=fr');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'banker');
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.getByTestId('method-email').click();
    const before = await outboxCount(request, email);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('send-code').click();
    await typeLoginCode(page, await nextMessage(request, email, before, 'code'));

    // A new teller has a name and an e-mail but no security code or phone: onboarding applies to tellers too.
    await expect(page).toHaveURL(/\/settings\/security-code\?/);
    await setSecurityCode(page, '172839');
    await expect(page).toHaveURL(/\/settings\/profile\?/);
    await page.getByTestId('phone-prefix').selectOption('+212');
    await page.getByTestId('phone-input').fill(uniqueMoroccanMobile());
    await page.getByTestId('profile-save').click();

    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await expect(page.getByTestId('banker-home')).toBeVisible();
    await expect(page.getByTestId('accept-withdrawal')).toHaveAttribute('href', /^\/withdraw/);
    await expect(page.getByTestId('customer-actions')).toHaveCount(0);
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'banker');
    expect(await page.evaluate(stored, 'role')).toBe('banker');
  });

  test('the login runs right to left in Arabic', async ({ page, request }) => {
    const email = uniqueEmail('arabic');
    await page.goto('/auth?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('link', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/auth\/step1\?lang=ar$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('choice-final')).toContainText('هذا الاختيار نهائي');
    await page.getByTestId('method-email').click();
    const before = await outboxCount(request, email);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('send-code').click();
    await expect(page).toHaveURL(/\/auth\/email\/step2\?.*lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Digits still run left to right inside the right-to-left page.
    await expect(page.getByTestId('code-boxes')).toHaveAttribute('dir', 'ltr');
    await typeLoginCode(page, await nextMessage(request, email, before, 'code'));
    await expect(page).toHaveURL(/\/settings\/security-code\?.*lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('رمز الأمان');
  });
});
