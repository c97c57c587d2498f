/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, enterCode, pageFor, type Account } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A customer sends to a recipient's Moroccan mobile wallet: the way is chosen among those the recipient can
 * receive, the summary names the number paid, and the detail follows the payout to its end. In French to a number
 * the sandbox operator credits (after its signed callback), in Arabic to its documented 'wallet not found' number
 * (the money comes back, with the reason in Arabic). Screens saved with E2E_SCREENSHOTS=1 (390x844).
 */

/** The sandbox operator's number that fails with wallet_not_found (docs/decisions/023). */
const NO_WALLET = '+212600000001';

/** No serious or critical axe finding (WCAG 2.1 A/AA) on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const result = await axeScan(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function recipient(request: APIRequestContext, who: Account, phone: string, lang: 'fr' | 'ar'): Promise<number> {
  const created = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { first_name: lang === 'ar' ? 'أمينة' : 'Amina', last_name: lang === 'ar' ? 'الإدريسي' : 'El Idrissi', phone_number: phone },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The spaced form the screens show (+212 6 12 34 56 78). */
const spaced = (e164: string) => `+212 ${e164.slice(4, 5)} ${e164.slice(5).match(/.{2}/g)!.join(' ')}`;

for (const lang of ['fr', 'ar'] as const) {
  test(`a customer sends to a recipient's mobile wallet and follows it to its end (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const alice = await account(request);
    await fund(alice.userId, 1000_00n);
    const phone = lang === 'fr' ? `+2126${String(randomInt(10_000_000, 100_000_000))}` : NO_WALLET;
    const contact = await recipient(request, alice, phone, lang);
    const page = await pageFor(browser, alice);

    await page.goto(`/transactions/create?contact=${contact}&transaction=send&lang=${lang}`);
    await page.getByTestId('delivery-mobile-wallet').check();
    await expect(page.getByTestId('delivery-mobile-wallet-delay')).toHaveText(lang === 'ar' ? 'في غضون دقائق' : 'En quelques minutes');
    await page.getByTestId('create-amount').fill('300');
    await expectAccessible(page);
    await screenshot(page, `mobile-wallet-choice-${lang}-390.png`);

    await page.getByTestId('create-next').click();
    const method = page.getByTestId('summary-method');
    await expect(method).toHaveText(lang === 'ar' ? `إلى المحفظة الإلكترونية ${spaced(phone)}` : `Sur le portefeuille mobile ${spaced(phone)}`);
    // The number reads left to right inside the Arabic sentence, its groups in the order they are dialled.
    expect(await method.locator('bdi[dir=ltr]').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await enterCode(page);
    await expectAccessible(page);
    await screenshot(page, `mobile-wallet-summary-${lang}-390.png`);

    await page.getByTestId('create-confirm').click();
    await expect(page.getByTestId('success')).toBeVisible();
    await expect(page.getByTestId('success').locator('h2')).toHaveText(lang === 'ar' ? 'أُرسل إلى المحفظة الإلكترونية' : 'Envoyé sur le portefeuille mobile');
    await screenshot(page, `mobile-wallet-success-${lang}-390.png`);

    await page.getByTestId('success-view').click();
    await expect(page.getByTestId('wallet-payout-block')).toBeVisible();
    await expect(page.getByTestId('wallet-payout-phone')).toHaveText(spaced(phone));
    // The sandbox operator answers by its signed callback a moment later: the detail is read again until it has.
    const last = page.getByTestId('wallet-payout-steps').locator('li').last();
    const end = lang === 'fr' ? 'done' : 'returned';
    await expect(async () => {
      await page.reload();
      await expect(last).toHaveAttribute('data-state', end, { timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    if (lang === 'fr') {
      await expect(last).toHaveText('Crédité sur le portefeuille');
      await expect(page.getByTestId('wallet-payout-return-reason')).toHaveCount(0);
    } else {
      await expect(last).toHaveText('أُعيد إلى رصيدك');
      await expect(page.getByTestId('wallet-payout-return-reason')).toHaveText('عاد المبلغ إلى رصيدك: لا توجد محفظة إلكترونية على هذا الرقم.');
    }
    await expectAccessible(page);
    await screenshot(page, `mobile-wallet-detail-${lang === 'fr' ? 'credited' : 'returned'}-${lang}-390.png`);
  });
}
