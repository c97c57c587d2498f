/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, pageFor } from './accounts.ts';
import { fund, newOperator, unclaimedTransfer } from './operator.ts';
import { screenshot } from './screenshots.ts';

// The back-office's detail screens in Chromium, in French and Arabic: a customer's level and limits, a
// transaction's postings with named account kinds, the rates in the language's number format; a server e-mail
// error in the teller and operator add dialogs shows under the e-mail field, outlined, and passes axe at 1,280 px
// (the detail and rates screens themselves: ops.spec.ts audits every ops screen once per language). Screenshots at
// 1,280 and 390 px.

const CODE = '246810';

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const axe = await axeScan(page);
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

async function ready(page: Page, lang: string) {
  await expect(page.getByTestId('ops-shell')).toBeVisible();
  await expect(page.getByTestId('ops-loading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

test.describe('back-office detail screens', () => {
  test('customer and transaction details and the rates, in French and Arabic: named kinds, limits, numbers', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const { alice, id } = await unclaimedTransfer(request, { funded: 1_000_00n, amount: 100 });
    const op = await account(request, await newOperator());
    const page = await pageFor(browser, op);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const lang of ['fr', 'ar']) {
        await page.goto(`/ops/customers/${alice.userId}?lang=${lang}`);
        await ready(page, lang);
        await expect(page.getByTestId('customer-limits').locator('tbody tr')).toHaveCount(2);
        await expect(page.getByTestId('customer-level')).not.toBeEmpty();
        await screenshot(page, `ops-customer-detail-${lang}-${width}.png`);

        await page.goto(`/ops/transactions/${id}?lang=${lang}`);
        await ready(page, lang);
        const postings = page.getByTestId('tx-postings').first();
        await expect(postings).toBeVisible();
        await expect(postings).not.toContainText('customer_wallet');
        await expect(postings).not.toContainText('unclaimed_transfers');
        if (lang === 'fr') await expect(postings).toContainText('Portefeuille client');
        await screenshot(page, `ops-transaction-detail-${lang}-${width}.png`);

        // Both languages write numbers with a decimal comma: the rates, the form's prefill and the fee hint agree.
        await page.goto(`/ops/rates?lang=${lang}`);
        await ready(page, lang);
        await expect(page.getByTestId('rates-in-force')).toBeVisible();
        await expect(page.getByTestId('rates-in-force')).not.toContainText(/\d\.\d/);
        await expect(page.getByTestId('rates-official')).toHaveValue(/^\d+,\d+$/);
        await expect(page.getByTestId('rates-form')).toContainText('0,016');
        await expect(page.getByTestId('rates-table').locator('tbody tr').first()).not.toContainText(/\d\.\d/);
        if (width === 1280) {
          // The history fits the 1,280 px window: no sideways scrolling to read the reason.
          const wrap = page.getByTestId('rates-table');
          const box = await wrap.boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
        }
        await screenshot(page, `ops-rates-${lang}-${width}.png`);
      }
    }
  });

  test('a server e-mail error in the operator and teller add dialogs shows under the e-mail field, outlined', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // A customer with money left cannot become staff: the server answers {email: [...]} (a 400 on the field).
    const rich = await account(request);
    await fund(rich.userId, 10_00n);
    const op = await account(request, await newOperator());
    const page = await pageFor(browser, op);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [lang, screen, dialog, field] of [
      ['fr', '/ops/operators', 'operator-dialog', 'operator-email'],
      ['ar', '/ops/tellers', 'teller-dialog', 'teller-email'],
    ] as const) {
      await page.goto(`${screen}?lang=${lang}`);
      await ready(page, lang);
      await page.getByTestId(screen === '/ops/operators' ? 'operator-add' : 'teller-add').click();
      const box = page.getByTestId(dialog);
      await expect(box).toBeVisible();
      await box.getByTestId(field).fill(rich.email);
      if (screen === '/ops/tellers') {
        const agency = box.getByTestId('teller-agency');
        await expect(agency.locator('option:not([disabled])')).not.toHaveCount(1);
        const value = await agency.locator('option:not([disabled])').nth(1).getAttribute('value');
        await agency.selectOption(value ?? '');
      }
      await box.getByTestId('action-reason').fill('Nouvelle recrue');
      await box.getByTestId('action-code').fill(CODE);
      await box.getByTestId('action-confirm').click();
      await expect(box.getByTestId('field-error-email')).toBeVisible();
      await expect(box.getByTestId(field)).toHaveAttribute('aria-invalid', 'true');
      // The message is under the field, not repeated on the dialog's own line.
      await expect(box.getByTestId('action-error')).toHaveText('');
      const outline = await box.getByTestId(field).evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).toBe('solid');
      expect(await seriousViolations(page, `${screen} add error ${lang}`)).toEqual([]);
      await screenshot(page, `ops-${dialog}-email-error-${lang}-1280.png`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
  });
});
