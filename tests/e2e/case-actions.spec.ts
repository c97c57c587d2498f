/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { account, pageFor } from './accounts.ts';
import { fund, newOperator, unclaimedTransfer } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * The help cases' queue fits 1,280 px (every column in view, the last message wrapping), and the actions on a case's
 * transfer from its page: a refund through the transaction's own endpoint, noted in the thread. The recovery's
 * identity step picks its files with the app's own button; a send above the balance links to add the gap, and a
 * declined card says to try another. French and Arabic; screenshots with E2E_SCREENSHOTS=1.
 */
const longMessage = {
  fr: 'Bonjour, ma sœur à Casablanca n’a toujours rien reçu alors que l’argent a quitté mon solde il y a trois jours ; pouvez-vous vérifier ?',
  ar: 'مرحبًا، أختي في الدار البيضاء لم تستلم شيئًا بعد رغم أن المال خرج من رصيدي منذ ثلاثة أيام؛ هل يمكنكم التحقق من ذلك من فضلكم؟',
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`an operator acts on the transfer from its case, in a queue that fits 1280 (${lang})`, async ({ browser, request }) => {
    test.slow();
    const { alice, id } = await unclaimedTransfer(request, { funded: 500_00n, amount: 40 });
    const opened = await request.post('/api/cases/', {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { kind: 'not_received', message: longMessage[lang], transaction: id },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const caseId = ((await opened.json()) as { id: number }).id;

    const operator = await account(request, await newOperator());
    const ops = await pageFor(browser, operator);
    await ops.setViewportSize({ width: 1280, height: 900 });
    await ops.goto(`/ops/cases?lang=${lang}&kind=not_received`);
    await expect(ops.getByTestId(`case-row-${caseId}`)).toBeVisible();
    await screenshot(ops, `cases-queue-${lang}-1280-${process.env.SHOT_PHASE ?? 'after'}.png`);
    // Every column in view: the table is no wider than its frame, nothing to scroll to.
    const fits = await ops.getByTestId('cases-table').evaluate((table) => {
      const frame = table.parentElement as HTMLElement;
      return { table: table.scrollWidth, frame: frame.clientWidth };
    });
    expect(fits.table, JSON.stringify(fits)).toBeLessThanOrEqual(fits.frame);

    await ops.getByTestId(`case-link-${caseId}`).click();
    await ops.getByTestId('case-refund').click();
    await ops.getByTestId('action-reason').fill(lang === 'fr' ? 'La sœur n’a pas de compte' : 'لا تملك الأخت حسابًا');
    await ops.getByTestId('action-code').fill('246810');
    await ops.getByTestId('action-confirm').click();
    await expect(ops.getByTestId('case-action-done')).toBeVisible();
    await expect(ops.getByTestId('case-note')).toBeVisible();
    await expect(ops.getByTestId('case-refund')).toHaveCount(0);
    await screenshot(ops, `case-actions-${lang}-1280.png`);

    // The customer's thread has no trace of it.
    const phone = await pageFor(browser, alice);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/help/${caseId}?lang=${lang}`);
    await expect(phone.getByTestId('case-message-customer')).toBeVisible();
    await expect(phone.getByTestId('case-thread')).not.toContainText(lang === 'fr' ? 'Rembours' : 'استرداد');
  });

  test(`from a case on a cash pickup: the SMS sent again, then the cancel for the customer (${lang})`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const alice = await account(request);
    await fund(alice.userId, 500_00n);
    const headers = { authorization: `Bearer ${alice.token}` };
    const phone = `+2126${String(Date.now()).slice(-8)}`;
    const contact = await request.post('/api/contacts/', {
      headers,
      data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: phone },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const sent = await request.post('/api/transactions/', {
      headers,
      data: {
        amount: 60,
        contact: ((await contact.json()) as { id: number }).id,
        delivery: 'cash_pickup',
        security_code: '246810',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const id = ((await sent.json()) as { id: number }).id;
    const opened = await request.post('/api/cases/', {
      headers,
      data: { kind: 'cannot_collect', message: longMessage[lang], transaction: id },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const caseId = ((await opened.json()) as { id: number }).id;

    const operator = await account(request, await newOperator());
    const ops = await pageFor(browser, operator);
    await ops.setViewportSize({ width: 1280, height: 900 });
    await ops.goto(`/ops/cases/${caseId}?lang=${lang}`);
    await expect(ops.getByTestId('case-resend-sms')).toBeVisible();
    await expect(ops.getByTestId('case-cancel')).toBeVisible();
    await screenshot(ops, `case-pickup-actions-${lang}-1280.png`);

    await ops.getByTestId('case-resend-sms').click();
    await expect(ops.getByTestId('case-resend-dialog')).toContainText(phone);
    await screenshot(ops, `case-resend-dialog-${lang}-1280.png`, { fullPage: false });
    await ops.getByTestId('action-confirm').click();
    await expect(ops.getByTestId('case-action-done')).toBeVisible();
    await expect(ops.getByTestId('case-note')).toBeVisible();

    await ops.getByTestId('case-cancel').click();
    await ops
      .getByTestId('action-reason')
      .fill(lang === 'fr' ? 'Le client annule par téléphone' : 'ألغى العميل عبر الهاتف');
    await ops.getByTestId('action-code').fill('246810');
    await screenshot(ops, `case-cancel-dialog-${lang}-1280.png`, { fullPage: false });
    await ops.getByTestId('action-confirm').click();
    await expect(ops.getByTestId('case-action-done')).toBeVisible();
    // Cancelled: nothing more to do on it.
    await expect(ops.getByTestId('case-cancel')).toHaveCount(0);
    await expect(ops.getByTestId('case-resend-sms')).toHaveCount(0);
    await expect(ops.getByTestId('case-note')).toHaveCount(2);
    await screenshot(ops, `case-pickup-done-${lang}-1280.png`);
  });

  test(`the recovery's identity step picks files with the app's own button (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const status = { id: 'r-e2e', state: 'documents', new_identifier: '+33612345678', document_type: null };
    await page.route('**/api/auth/recovery/r-e2e/', (route) => route.fulfill({ json: status }));
    await page.goto(`/auth/recover?id=r-e2e&lang=${lang}`);
    await expect(page.getByTestId('recovery-file-front')).toBeAttached();
    await expect(page.locator('body')).not.toContainText('No file chosen');
    await page
      .getByTestId('recovery-file-front')
      .setInputFiles({ name: 'passeport-recto.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(page.getByTestId('recovery-file-front-preview')).toContainText('passeport-recto.png');
    await screenshot(page, `recovery-documents-${lang}-390.png`);
  });

  test(`errors say what to do: a send above the balance, a declined card (${lang})`, async ({ browser, request }) => {
    test.slow();
    const alice = await account(request);
    await fund(alice.userId, 100_00n);
    const headers = { authorization: `Bearer ${alice.token}` };
    const contact = await request.post('/api/contacts/', {
      headers,
      data: { first_name: 'Youssef', last_name: 'Benali', email: `e2e-short-${alice.userId}@example.com` },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const page = await pageFor(browser, alice);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/transactions/create?contact=${((await contact.json()) as { id: number }).id}&transaction=send&lang=${lang}`);
    await page.getByTestId('create-amount').fill('250');
    await page.getByTestId('create-next').click();
    const add = page.getByTestId('create-add-money');
    await expect(add).toHaveAttribute('href', /\/exchange\?amount=\d+\.\d{2}/u);
    await screenshot(page, `send-short-${lang}-390.png`, { fullPage: false });
    await add.click();
    await expect(page.getByTestId('exchange-amount')).not.toHaveValue('');

    // The button submits once the quote for the prefilled amount is in (before, a click does nothing).
    const validate = page.getByTestId('exchange-validate');
    await expect(validate).toHaveAttribute('data-ready', 'true');
    await validate.click();
    await page.waitForURL(/\/sandbox\/checkout\//u);
    await page.locator('input[autocomplete="cc-number"]').fill('4000 0000 0000 0002');
    await page.locator('input[autocomplete="cc-exp"]').fill('12/34');
    await page.locator('input[autocomplete="cc-csc"]').fill('123');
    await page.locator('button[type="submit"]').first().click();
    await expect(page.locator('.error')).toBeVisible();
    await screenshot(page, `card-declined-${lang}-390.png`, { fullPage: false });
  });
}
