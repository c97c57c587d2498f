/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { account, pageFor } from './accounts.ts';
import { screenshot } from './screenshots.ts';

/**
 * Rate alerts on /rates: a customer sets an alert from the prefilled field, sees it listed as active, is
 * told under the field when a threshold is too high, and deletes it. Screenshots at 390x844 in fr, ar, es and de
 * with E2E_SCREENSHOTS=1 (look at them). Axe audits the screen with an alert listed in every language in
 * accessibility.spec.ts.
 */

test('a customer sets a rate alert, reads it in the list, is told a wrong threshold, and deletes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nadia = await account(request);
  const page = await pageFor(browser, nadia);
  await page.goto('/rates?lang=fr');
  const card = page.getByTestId('rate-alerts');
  await expect(card.getByRole('heading', { name: 'Alerte de taux' })).toBeVisible();
  const field = page.getByTestId('rate-alert-threshold');
  await expect(field).toHaveValue(/^\d+,\d{2}$/);
  await expect(card.getByText('Aucune alerte pour le moment.')).toBeVisible();

  await page.getByTestId('rate-alert-set').click();
  await expect(page.getByTestId('rate-alert')).toHaveCount(1);
  await expect(page.getByTestId('rate-alert')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('rate-alert')).toContainText('Active');

  await field.fill('99');
  await page.getByTestId('rate-alert-set').click();
  await expect(page.getByTestId('rate-alert-error')).toHaveText(
    'Choisissez un taux au plus 50 % au-dessus de votre taux actuel.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('rate-alert')).toHaveCount(1);

  for (const lang of ['fr', 'ar', 'es', 'de'] as const) {
    await page.goto(`/rates?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('rate-alert')).toHaveCount(1);
    // Nothing wider than the phone: the card's texts wrap in every language.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `rates-alerts-${lang}-390.png`);
  }

  await page.goto('/rates?lang=fr');
  await page.getByRole('button', { name: /^Supprimer l’alerte à / }).click();
  await expect(page.getByTestId('rate-alert')).toHaveCount(0);
  await expect(page.getByText('Aucune alerte pour le moment.')).toBeVisible();
});
