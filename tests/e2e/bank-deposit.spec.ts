/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { SANDBOX_TEST_RIBS } from '../../server/adapters/payout-partner/sandbox-payout-partner.ts';
import { account, enterCode, pageFor, type Account } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A customer sends to a recipient's Moroccan bank account (RIB): the way is chosen among those the recipient can
 * receive, the bank's answer on the name is shown before the code, and the detail says where the deposit is. In
 * French to a RIB the sandbox bank confirms, in Arabic to its documented no-match RIB (the sender ticks 'send all
 * the same'). Screens saved with E2E_SCREENSHOTS=1 (390x844).
 */

/** No serious or critical axe finding (WCAG 2.1 A/AA) on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const result = await axeScan(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const MATCHING_RIB = '007780000123456789012396';

async function recipient(request: APIRequestContext, who: Account, rib: string, lang: 'fr' | 'ar'): Promise<number> {
  const created = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {
      first_name: lang === 'ar' ? 'أمينة' : 'Amina',
      last_name: lang === 'ar' ? 'الإدريسي' : 'El Idrissi',
      // A phone of its own: the cash pickup is on offer too, and a customer's recipients each have their own.
      phone_number: `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
      rib,
      // A name written in Arabic: the sender gives it as the bank account shows it, in Latin letters.
      ...(lang === 'ar' && { rib_holder: 'Amina El Idrissi' }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The send screen at the bank's answer on the name (step 2, before the code). */
async function toPayeeCheck(page: Page, contact: number, lang: 'fr' | 'ar') {
  await page.goto(`/transactions/create?contact=${contact}&transaction=send&lang=${lang}`);
  await page.getByTestId('delivery-bank').check();
  // The arrival date comes from the server's calendar (the payee check), shown in the choice.
  await expect(page.getByTestId('delivery-bank-delay')).toHaveText(lang === 'ar' ? /يصل إلى الحساب في موعد أقصاه/ : /^Arrive sur son compte d’ici le /);
  return async () => {
    await page.getByTestId('create-amount').fill('300');
    await page.getByTestId('create-next').click();
    await expect(page.getByTestId('payee-check')).toBeVisible();
  };
}

for (const lang of ['fr', 'ar'] as const) {
  test(`a customer sends to a recipient's bank account, the bank's answer on the name before the code (${lang})`, async ({
    browser,
    request,
  }) => {
    // Two recipients, screenshots and an axe pass per screen on a shared machine: more than the default 30 s.
    test.setTimeout(180_000);
    const alice = await account(request);
    await fund(alice.userId, 1000_00n);
    const matching = await recipient(request, alice, MATCHING_RIB, lang);
    const mismatching = await recipient(request, alice, SANDBOX_TEST_RIBS.noMatch, lang);
    const sendTo = lang === 'fr' ? matching : mismatching;
    const other = lang === 'fr' ? mismatching : matching;
    const page = await pageFor(browser, alice);

    // The screens of the other answer, looked at only.
    const next = await toPayeeCheck(page, other, lang);
    await next();
    await screenshot(page, `bank-payee-${lang === 'fr' ? 'mismatch' : 'match'}-${lang}-390.png`);

    const proceed = await toPayeeCheck(page, sendTo, lang);
    // The wallet, cash at an agency, the bank account and (a Moroccan mobile) the mobile wallet.
    await expect(page.getByTestId('delivery-choice').locator('input[type=radio]')).toHaveCount(4);
    await expectAccessible(page);
    await screenshot(page, `bank-choice-${lang}-390.png`);
    await proceed();
    const check = page.getByTestId('payee-check');
    await expect(page.getByTestId('payee-rib')).toHaveText(lang === 'fr' ? '007 780 0001 2345 6789 0123 96' : '007 780 0000 0000 0000 0002 57');
    // Left to right inside the right-to-left page: the groups read in the order the bank prints them.
    expect(await page.getByTestId('payee-rib').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await expect(page.getByTestId('payee-holder')).toHaveText('AMINA EL IDRISSI');
    if (lang === 'fr') {
      await expect(check).toHaveAttribute('data-result', 'match');
      await expect(page.getByTestId('payee-check-result')).toHaveText('Le nom correspond au titulaire du compte.');
      await expect(page.getByTestId('payee-confirm')).toHaveCount(0);
    } else {
      await expect(check).toHaveAttribute('data-result', 'no_match');
      await expect(page.getByTestId('payee-check-result')).toHaveText('الاسم لا يطابق صاحب هذا الحساب.');
    }
    await expectAccessible(page);
    await screenshot(page, `bank-payee-${lang === 'fr' ? 'match' : 'mismatch'}-${lang}-390.png`);

    await enterCode(page);
    if (lang === 'ar') {
      // Without the box ticked nothing goes; ticked, the send carries confirm_payee.
      await page.getByTestId('create-confirm').click();
      await expect(page.getByTestId('payee-confirm-error')).toHaveText('حدّد الخانة للإرسال رغم جواب البنك.');
      await page.getByTestId('payee-confirm').check();
    }
    await page.getByTestId('create-confirm').click();
    await expect(page.getByTestId('success')).toBeVisible();
    await expect(page.getByTestId('success-next')).toContainText(lang === 'ar' ? 'سيصل إلى الحساب البنكي' : 'Il arrivera sur le compte bancaire d’ici le');
    await screenshot(page, `bank-success-${lang}-390.png`);

    await page.getByTestId('success-view').click();
    await expect(page.getByTestId('payout-block')).toBeVisible();
    const current = page.getByTestId('payout-steps').locator('[data-state=current]');
    await expect(current).toHaveText(lang === 'ar' ? 'قيد المعالجة' : 'En cours de traitement');
    await expect(page.getByTestId('payout-arrival')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `bank-detail-${lang}-390.png`);
  });
}
