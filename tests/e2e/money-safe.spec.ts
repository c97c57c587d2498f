/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, pageFor } from './accounts.ts';
import { admin, fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * 'Is my money safe?' in French and Arabic. A customer with a balance, a snapshot taken by the operator
 * command; the screen fetches the customer's proof and verifies it in the browser (WebCrypto) against the published
 * root: their balance is in the total. Screenshots with E2E_SCREENSHOTS=1 (look at them).
 */

test("'Is my money safe?' verifies the customer's own balance in the published total, in fr and ar", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const nadia = await account(request);
  await fund(nadia.userId, 1605_00n);
  const snapshot = await admin(['liabilities:snapshot']);
  expect(snapshot).toMatch(/^snapshot \d+ taken/m);

  const page = await pageFor(browser, nadia);
  for (const lang of ['fr', 'ar'] as const) {
    await page.goto(`/settings/money-safe?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // The newest snapshot comes first; it holds this customer's 1,605.00 MAD.
    const result = page.getByTestId('proof-result').first();
    await expect(result).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
    const sentence = page.getByTestId('proof-sentence').first();
    await expect(sentence).toContainText(lang === 'fr' ? /1\s605,00/ : /1[.\s\u202f\u00a0]?605[,.]00/);
    await expect(sentence).toContainText('MAD');
    await expect(result.getByRole('link', { name: lang === 'fr' ? /télécharger/i : /تنزيل|تحميل/ })).toBeVisible();
    const axe = await axeScan(page);
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await screenshot(page, `money-safe-${lang}-390.png`);
    // The command and the root are folded away for experts; opened, they read left to right.
    const experts = page.getByTestId('proof-experts').first();
    await expect(experts).not.toHaveAttribute('open');
    await experts.locator('summary').click();
    await expect(experts.locator('pre')).toContainText('npm run verify-proof -- proof-');
    await screenshot(page, `money-safe-experts-${lang}-390.png`);

    // The profile names the ledger account in words; its 0x address is behind 'details'.
    await page.goto(`/settings/profile?lang=${lang}`);
    const wallet = page.getByTestId('wallet-details');
    await expect(page.getByTestId('wallet-address')).toBeHidden();
    await wallet.locator('summary').click();
    await expect(page.getByTestId('wallet-address')).toHaveText(/^0x[0-9a-f]{40}$/);
    await screenshot(page, `profile-wallet-${lang}-390.png`);

    // The public pages: plain words, the language kept, and a way back to the app.
    await page.goto(`/explorer/liabilities/?lang=${lang}`);
    await expect(page.locator('.back a')).toHaveAttribute('href', `/?lang=${lang}`);
    await expect(page.locator('main > p').filter({ hasText: /ADR|Merkle|ميركل/ })).toHaveCount(0);
    await screenshot(page, `explorer-liabilities-${lang}-390.png`);
    const record = await page.locator('.snapshot a').first().getAttribute('href');
    if (record) {
      await page.goto(record.includes('lang=') ? record : `${record}?lang=${lang}`);
      await expect(page.locator('main dl').first()).not.toContainText(/liabilities:|T\d{2}:\d{2}/);
      await screenshot(page, `explorer-record-${lang}-390.png`);
    }
  }
});
