/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { account, enterCode, pageFor, type Account } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * The send flow's loose ends, in French and Arabic at 390x844: the cash pickup's confirmation, adding a recipient
 * while sending, a send to someone without a shown account, and the detail's back arrow to a filtered history.
 * Screens saved with E2E_SCREENSHOTS=1 (SHOT_PHASE names them before/after a change).
 */
const phase = process.env.SHOT_PHASE ?? 'after';
const shot = (item: number, lang: string, step = '') => `item${item}${step}-${phase}-${lang}.png`;

async function recipient(request: APIRequestContext, who: Account, lang: 'fr' | 'ar'): Promise<number> {
  const created = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {
      first_name: lang === 'ar' ? 'يوسف' : 'Youssef',
      last_name: lang === 'ar' ? 'العمراني' : 'El Amrani',
      phone_number: `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const lang of ['fr', 'ar'] as const) {
  test(`the send flow's confirmations, adding a recipient and the way back from a detail (${lang})`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const alice = await account(request);
    await fund(alice.userId, 1000_00n);
    const page = await pageFor(browser, alice);

    // Adding a recipient while choosing whom to send to (the list is still empty).
    await page.goto(`/contacts?transaction=send&lang=${lang}`);
    await expect(page.getByTestId('contacts-empty')).toBeVisible();
    await screenshot(page, shot(27, lang, 'a'));
    // Before the change the only way was the empty list's link (to the general list); now the form's own button.
    const add = page.getByTestId('recipient-open');
    await (await add.count() ? add : page.getByTestId('contacts-empty').getByRole('link')).click();
    await screenshot(page, shot(27, lang, 'b'), { pause: 500 });

    // The cash pickup's confirmation.
    const youssef = await recipient(request, alice, lang);
    await page.goto(`/transactions/create?contact=${youssef}&transaction=send&lang=${lang}`);
    await page.getByTestId('delivery-pickup').check();
    await page.getByTestId('create-amount').fill('300');
    await page.getByTestId('create-next').click();
    await expect(page.getByTestId('create-summary')).toBeVisible();
    await screenshot(page, shot(20, lang));

    // A send to someone whose account is not shown: the first, then the second once the first waits for them.
    await page.goto(`/transactions/create?contact=${youssef}&transaction=send&lang=${lang}`);
    await page.getByTestId('create-amount').fill('50');
    await page.getByTestId('create-next').click();
    await expect(page.getByTestId('create-summary')).toBeVisible();
    await screenshot(page, shot(28, lang, 'a'));
    await enterCode(page);
    await page.getByTestId('create-confirm').click();
    await expect(page.getByTestId('success')).toBeVisible();
    await page.goto(`/transactions/create?contact=${youssef}&transaction=send&lang=${lang}`);
    await page.getByTestId('create-amount').fill('60');
    await page.getByTestId('create-next').click();
    await expect(page.getByTestId('create-summary')).toBeVisible();
    await screenshot(page, shot(28, lang, 'b'), { pause: 800 });

    // The history filtered to sends, a detail, and its back arrow.
    await page.goto(`/transactions?lang=${lang}`);
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-category').selectOption('sending');
    await expect(page.getByTestId('filter-chip-category')).toBeVisible();
    await page.getByTestId('transaction-row').first().click();
    // The history stays on screen, its own back arrow with it, until the detail is ready to show: wait for the
    // detail itself before pressing its arrow (pressed early, the history's arrow went home).
    await expect(page.getByTestId('detail-amount')).toBeVisible();
    await expect(page.getByTestId('back-link')).toBeVisible();
    await screenshot(page, shot(26, lang, 'a'), { pause: 500 });
    await page.getByTestId('back-link').click();
    // Back to the history as it was left: still filtered to sends.
    await expect(page.getByTestId('filter-chip-category')).toBeVisible();
    await screenshot(page, shot(26, lang, 'b'), { pause: 1000 });
  });
}
