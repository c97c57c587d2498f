/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { account, CODE, pageFor } from './accounts.ts';
import { newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

// Four eyes on the rates, on the back-office screens in French and Arabic at 1,280 px: a card fee of 0.99 asked
// from /ops/rates becomes a request that shows the fee before and after; once another operator has set rates
// meanwhile, approving it is refused in the reader's language ('the rates changed since this request').


async function confirmAction(page: Page, dialog: string, reason: string) {
  const box = page.getByTestId(dialog);
  await expect(box).toBeVisible();
  await box.getByTestId('action-reason').fill(reason);
  await box.getByTestId('action-code').fill(CODE);
  await box.getByTestId('action-confirm').click();
}

test('rates four eyes: a card-fee request, then an approval refused because the rates moved, in fr and ar', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const [a, b, c] = await Promise.all([
    newOperator().then((email) => account(request, email)),
    newOperator().then((email) => account(request, email)),
    newOperator().then((email) => account(request, email)),
  ]);
  const pageA = await pageFor(browser, a);
  const pageB = await pageFor(browser, b);
  for (const page of [pageA, pageB]) await page.setViewportSize({ width: 1280, height: 800 });
  const texts = {
    fr: {
      fee: 'Frais de carte : 0,016 → 0,99.',
      changed: 'Les taux ont changé depuis cette demande : demandez à nouveau.',
    },
    ar: { fee: 'رسوم البطاقة', changed: 'تغيّرت الأسعار منذ هذا الطلب' },
  };
  for (const lang of ['fr', 'ar'] as const) {
    await pageA.goto(`/ops/rates?lang=${lang}`);
    await expect(pageA.getByTestId('rates-in-force')).toBeVisible();
    if (lang === 'fr') await expect(pageA.getByTestId('rates-four-eyes')).toContainText('de plus de 0,0025 des frais');
    await pageA.getByTestId('rates-fee').fill('0,99');
    await pageA.getByTestId('rates-submit').click();
    await confirmAction(pageA, 'rates-dialog', 'Frais de carte');
    await expect(pageA.getByTestId('rates-fee-change')).toContainText(texts[lang].fee);
    await screenshot(pageA, `ops-rates-fee-request-${lang}-1280.png`);

    // Another operator sets rates meanwhile (a small change, alone): the request no longer stands.
    const now = (await (await request.get('/api/rates/')).json()) as {
      official: string;
      freemium: string;
      subscription: string;
    };
    const tweak = await request.post('/api/ops/rates/', {
      headers: { authorization: `Bearer ${c.token}` },
      data: { ...now, freemium: (Number(now.freemium) - 0.01).toFixed(2), reason: 'Fixing', security_code: CODE },
    });
    expect(tweak.status(), await tweak.text()).toBe(200);

    await pageB.goto(`/ops/approvals?lang=${lang}`);
    const row = pageB.locator('tr', { has: pageB.locator('a[href^="/ops/rates"]') });
    await expect(row.getByTestId('rates-fee-change')).toBeVisible();
    await row.getByTestId('approval-approve').click();
    await confirmAction(pageB, 'approval-dialog', 'Vérifié');
    await expect(pageB.getByTestId('action-error')).toContainText(texts[lang].changed);
    await screenshot(pageB, `ops-approvals-rates-changed-${lang}-1280.png`);
  }
});
