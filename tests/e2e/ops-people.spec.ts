/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, pageFor } from './accounts.ts';
import { newOperator, newTeller } from './operator.ts';
import { screenshot } from './screenshots.ts';

// The back-office's agencies, tellers and operators in Chromium. An operator disables a teller who left;
// the teller's next action sends them to sign-in. Then axe on each new screen (and its dialogs) in French and
// Arabic, with screenshots at 1,280 and 390 px.

const CODE = '246810';

async function confirmAction(page: Page, dialog: string, reason: string) {
  const box = page.getByTestId(dialog);
  await expect(box).toBeVisible();
  await box.getByTestId('action-reason').fill(reason);
  await box.getByTestId('action-code').fill(CODE);
  await box.getByTestId('action-confirm').click();
}

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const axe = await axeScan(page);
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

test.describe('back-office people and places', () => {
  test("an operator disables a teller: the teller's next action sends them to sign-in", async ({
    browser,
    request,
  }) => {
    // Two admin commands (a teller at Casablanca, an operator) and three sign-ins: more than 30 s on a loaded machine.
    test.setTimeout(120_000);
    const tellerEmail = await newTeller();
    const [teller, op] = await Promise.all([
      account(request, tellerEmail),
      newOperator().then((email) => account(request, email)),
    ]);
    const counter = await pageFor(browser, teller);
    await counter.goto('/?lang=fr');
    await expect(counter.getByTestId('banker-home')).toBeVisible();
    await counter.getByTestId('accept-withdrawal').click();
    await expect(counter.getByTestId('manual-token')).toBeVisible();

    const page = await pageFor(browser, op);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/ops/tellers?lang=fr&search=${encodeURIComponent(tellerEmail)}`);
    await expect(page.getByTestId('teller-row')).toHaveCount(1);
    await page.getByTestId(`teller-disable-${teller.userId}`).click();
    await expect(page.getByTestId('teller-dialog')).toContainText('toutes ses sessions ouvertes se terminent aussitôt');
    await confirmAction(page, 'teller-dialog', 'A quitté l’agence');
    await expect(page.getByTestId('tellers-done')).toHaveText('Guichetier désactivé : ses sessions sont terminées.');
    await expect(page.getByTestId('teller-row')).toHaveCount(0);

    // The teller's screen is still up; their next action (a withdrawal's QR code typed at the counter) meets the ended
    // session: the session banner says so, and its link is the sign-in.
    await counter.getByTestId('manual-token').fill('AbCdEfGhIjKlMnOpQrStUv');
    await counter.getByTestId('manual-token').press('Enter');
    await expect(counter.getByTestId('session-banner')).toBeVisible();
    await counter.getByTestId('session-banner').getByRole('link').click();
    await expect(counter).toHaveURL(/\/auth\/step1/);

    await page.goto(`/ops/audit?lang=fr&action=teller.disable&target_id=${teller.userId}`);
    await expect(page.getByTestId('audit-row').first()).toContainText('A quitté l’agence');
  });

  test('axe finds nothing serious on the agencies, tellers and operators screens, in French and in Arabic', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const op = await account(request, await newOperator());
    const page = await pageFor(browser, op);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const lang of ['fr', 'ar']) {
        for (const screen of ['/ops/agencies', '/ops/tellers', '/ops/operators']) {
          await page.goto(`${screen}?lang=${lang}`);
          await expect(page.getByTestId('ops-shell')).toBeVisible();
          await expect(page.getByTestId('ops-loading')).toHaveCount(0);
          await expect(page.locator('table').first()).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          if (width === 1280) expect(await seriousViolations(page, `${screen} ${lang}`)).toEqual([]);
          await screenshot(page, `ops-${screen.replace('/ops/', '')}-${lang}-${width}.png`);
        }
        // The dashboard's platform accounts by name and the transactions' agency select (changed here too; ops.spec.ts
        // audits that screen with axe).
        if (width === 1280) {
          await page.goto(`/ops?lang=${lang}`);
          await expect(page.getByTestId('dash-accounts')).toBeVisible();
          await expect(page.getByTestId('dash-accounts')).not.toContainText('withdrawals_pending');
          await screenshot(page, `ops-dashboard-accounts-${lang}-${width}.png`);
          await page.goto(`/ops/transactions?lang=${lang}`);
          await expect(page.getByTestId('tx-agency').locator('option')).not.toHaveCount(1);
          await screenshot(page, `ops-transactions-filters-${lang}-${width}.png`, { fullPage: false });
        }
        // The dialogs, open: the agency form (with its field errors), the disable confirmation, adding a teller.
        await page.goto(`/ops/agencies?lang=${lang}`);
        await page.getByTestId('agency-new').click();
        await page.getByTestId('agency-latitude').fill('95');
        await page.getByTestId('agency-save').click();
        await expect(page.getByTestId('agency-latitude-error')).toBeVisible();
        await expect(page.getByTestId('agency-name-error')).toBeVisible();
        if (width === 1280) expect(await seriousViolations(page, `agency form ${lang}`)).toEqual([]);
        await screenshot(page, `ops-agency-form-${lang}-${width}.png`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.getByTestId('agency-row').first().getByRole('button').nth(1).click();
        await expect(page.getByTestId('agency-pending')).toBeVisible();
        if (width === 1280) expect(await seriousViolations(page, `agency disable ${lang}`)).toEqual([]);
        await screenshot(page, `ops-agency-disable-${lang}-${width}.png`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.goto(`/ops/tellers?lang=${lang}`);
        await page.getByTestId('teller-add').click();
        await expect(page.getByTestId('teller-agency').locator('option')).not.toHaveCount(1);
        if (width === 1280) expect(await seriousViolations(page, `teller add ${lang}`)).toEqual([]);
        await screenshot(page, `ops-teller-add-${lang}-${width}.png`, { fullPage: false });
      }
    }
  });
});
