/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dayAround } from '../../common/time/time-zone.ts';
import { account, enterCode, pageFor, type Account } from './accounts.ts';
import { admin, newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * Scheduled transfers in Chromium at 390x844, in French and Arabic: from the transactions page to the list, a
 * monthly schedule made with the form (the security code once), paused, resumed and cancelled after the
 * confirmation. A recipient with a RIB and a Moroccan mobile is offered every way; a mobile wallet schedule is made
 * and named on its detail and in the list. The back-office shows a customer's schedules and a date skipped for the balance, at 1,280 px.
 * Screenshots with E2E_SCREENSHOTS=1.
 */

const inDays = (days: number) => dayAround(new Date(Date.now() + days * 86_400_000), 'Europe/Paris').date;
/** A YYYY-MM-DD day as French and Arabic write it, day first (the date fields read the page's order). */
const dayFirst = (day: string) => day.split('-').reverse().join('/');

async function recipient(request: APIRequestContext, who: Account): Promise<number> {
  const contact = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { first_name: 'Youssef', last_name: 'Benali', email: `e2e-sched-${who.userId}-${Date.now()}@example.com` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  return ((await contact.json()) as { id: number }).id;
}

const words = {
  fr: { active: 'Actif', paused: 'En pause', cancelled: 'Annulé', monthly: 'Tous les mois, le dernier jour' },
  ar: { active: 'نشط', paused: 'متوقف مؤقتًا', cancelled: 'ملغى', monthly: 'كل شهر، في اليوم الأخير' },
} as const;

async function noWiderThanThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const lang of ['fr', 'ar'] as const) {
  test(`a customer makes a monthly schedule, pauses, resumes and cancels it (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const who = await account(request);
    await recipient(request, who);
    const page = await pageFor(browser, who);
    const w = words[lang];

    await page.goto(`/transactions?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('schedules-link').click();
    await expect(page.getByTestId('schedules-empty')).toBeVisible();
    await page.getByTestId('schedule-new').click();

    await expect(page.getByTestId('schedule-contact').locator('option', { hasText: 'Youssef Benali' })).toHaveCount(1);
    // Sent empty: each field says what it needs, nothing is sent.
    await page.getByTestId('schedule-submit').click();
    await expect(page.getByTestId('schedule-contact')).toHaveAttribute('aria-invalid', 'true');
    // The empty date field shows the language's format (JJ/MM/AAAA, يوم/شهر/سنة) and its error under it.
    await expect(page.getByTestId('schedule-start')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `schedule-form-empty-${lang}-390.png`);
    await page.getByTestId('schedule-contact').selectOption({ label: 'Youssef Benali' });
    await page.getByTestId('schedule-amount').fill('1500');
    await page.getByTestId('schedule-frequency-monthly').check();
    await page.getByTestId('schedule-day').selectOption('last');
    await page.getByTestId('schedule-start').fill(dayFirst(inDays(3)));
    // The field shows the date as the language writes it, whatever the browser's own language.
    await expect(page.getByTestId('schedule-start')).toHaveValue(dayFirst(inDays(3)));
    await enterCode(page);
    await noWiderThanThePhone(page);
    await screenshot(page, `schedule-form-${lang}-390.png`);
    await page.getByTestId('schedule-submit').click();

    const detail = page.getByTestId('schedule-detail');
    await expect(detail).toHaveAttribute('data-state', 'active');
    await expect(page.getByTestId('schedule-notice')).toBeVisible();
    await expect(page.getByTestId('schedule-detail-frequency')).toHaveText(w.monthly);
    await expect(page.getByTestId('schedule-next-date')).toHaveCount(5);
    await noWiderThanThePhone(page);
    // A long label (the delivery's question in French) wraps rather than squeezing its value to a letter a line.
    const valueWidths = await detail
      .locator('dd')
      .evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().width));
    expect(Math.min(...valueWidths)).toBeGreaterThan(120);
    await screenshot(page, `schedule-detail-${lang}-390.png`);

    await page.getByTestId('schedule-pause').click();
    await expect(detail).toHaveAttribute('data-state', 'paused');
    await expect(detail.getByTestId('schedule-state')).toHaveText(w.paused);
    await page.getByTestId('schedule-resume').click();
    await expect(detail).toHaveAttribute('data-state', 'active');
    await expect(detail.getByTestId('schedule-state')).toHaveText(w.active);

    await page.getByTestId('schedule-back-list').click();
    const row = page.getByTestId('schedule-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('schedule-frequency')).toHaveText(w.monthly);
    await expect(row.getByTestId('schedule-state')).toHaveText(w.active);
    await noWiderThanThePhone(page);
    await screenshot(page, `schedules-list-${lang}-390.png`);

    await row.click();
    await page.getByTestId('schedule-cancel').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // "Keep it" leaves it as it was; confirming cancels it.
    await page.getByTestId('schedule-cancel-keep').click();
    await expect(dialog).toHaveCount(0);
    await expect(detail).toHaveAttribute('data-state', 'active');
    await page.getByTestId('schedule-cancel').click();
    await page.getByTestId('schedule-cancel-confirm').click();
    await expect(detail).toHaveAttribute('data-state', 'cancelled');
    await expect(detail.getByTestId('schedule-state')).toHaveText(w.cancelled);
    await expect(page.getByTestId('schedule-actions')).toHaveCount(0);
  });
}

const mobileWalletWords = { fr: 'Sur son portefeuille mobile', ar: 'إلى محفظته الإلكترونية' } as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`a recipient with a RIB and a Moroccan mobile is offered every way; a mobile wallet schedule (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const who = await account(request);
    const phone = `+2127${String(Date.now()).slice(-8)}`;
    const made = await request.post('/api/contacts/', {
      headers: { authorization: `Bearer ${who.token}` },
      data: { first_name: 'Amina', last_name: 'Idrissi', phone_number: phone, rib: '007780000123456789012396' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const page = await pageFor(browser, who);
    await page.goto(`/schedules/new?lang=${lang}`);
    await page.getByTestId('schedule-contact').selectOption({ label: 'Amina Idrissi' });
    await page.getByTestId('schedule-amount').fill('300');
    await page.getByTestId('schedule-frequency-weekly').check();
    await page.getByTestId('schedule-start').fill(dayFirst(inDays(4)));
    const offered = page.getByTestId('schedule-delivery').locator('input[type=radio]');
    await expect(offered).toHaveCount(4);
    for (const [testId, kind] of [
      ['schedule-delivery-wallet', 'wallet'],
      ['schedule-delivery-pickup', 'cash_pickup'],
      ['schedule-delivery-bank', 'bank_deposit'],
      ['schedule-delivery-mobile-wallet', 'mobile_wallet'],
    ] as const) {
      await page.getByTestId(testId).check();
      await expect(page.getByTestId(testId)).toBeChecked();
      await noWiderThanThePhone(page);
      await screenshot(page, `schedule-form-${kind}-${lang}-390.png`);
    }
    await enterCode(page);
    await page.getByTestId('schedule-submit').click();
    const detail = page.getByTestId('schedule-detail');
    await expect(detail).toHaveAttribute('data-state', 'active');
    const named = await page.getByTestId('schedule-detail-delivery').textContent();
    expect(named).toBe(mobileWalletWords[lang]);
    await noWiderThanThePhone(page);
    await screenshot(page, `schedule-detail-mobile-wallet-${lang}-390.png`);
    await page.getByTestId('schedule-back-list').click();
    await expect(page.getByTestId('schedule-row').getByTestId('schedule-delivery')).toHaveText(named ?? '');
    await screenshot(page, `schedules-list-mobile-wallet-${lang}-390.png`);

    const headers = { authorization: `Bearer ${who.token}` };
    const list = (await (await request.get('/api/schedules/', { headers })).json()) as {
      results: { id: number; delivery: string }[];
    };
    expect(list.results.map((r) => r.delivery)).toEqual(['mobile_wallet']);
  });
}

test('operators see a customer’s schedules and a date skipped for the balance, with its reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const who = await account(request);
  const contact = await recipient(request, who);
  const headers = { authorization: `Bearer ${who.token}` };
  // Starting today, with nothing on the account: the scheduler's pass records today's date as skipped.
  const made = await request.post('/api/schedules/', {
    headers,
    data: { contact, amount: '1500.00', frequency: 'weekly', start_date: inDays(0), security_code: '246810' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await admin(['schedules:run']);
  const detail = (await (
    await request.get(`/api/schedules/${((await made.json()) as { id: number }).id}/`, { headers })
  ).json()) as {
    occurrences: { outcome: string; reason: string | null }[];
  };
  expect(detail.occurrences).toMatchObject([{ outcome: 'skipped', reason: 'balance' }]);

  // The customer's own detail shows the skipped date too.
  const mine = await pageFor(browser, who);
  for (const lang of ['fr', 'ar'] as const) {
    await mine.goto(`/schedules?lang=${lang}`);
    await mine.getByTestId('schedule-row').click();
    await expect(mine.getByTestId('schedule-past')).toHaveAttribute('data-outcome', 'skipped');
    await screenshot(mine, `schedule-detail-skipped-${lang}-390.png`);
  }

  const op = await account(request, await newOperator());
  const page = await pageFor(browser, op);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [lang, reason] of [
    ['fr', 'Solde insuffisant'],
    ['ar', 'رصيد غير كافٍ'],
  ] as const) {
    await page.goto(`/ops/customers/${who.userId}?lang=${lang}`);
    await expect(page.getByTestId('ops-shell')).toBeVisible();
    await expect(page.getByTestId('customer-schedules').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('customer-schedule-reason')).toHaveText(reason);
    await page.getByTestId('customer-schedules').scrollIntoViewIfNeeded();
    await screenshot(page, `ops-customer-schedules-${lang}-1280.png`);
  }
});
