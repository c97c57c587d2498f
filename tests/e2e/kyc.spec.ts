/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { jpegBytes, pdfBytes, pngBytes } from '../support/kyc-files.ts';
import { account, CODE, pageFor } from './accounts.ts';
import { newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

// A customer sends an identity document from the 'raise your limits' link (camera inputs, previews,
// upload progress, the state after sending), an operator sees the documents in the reviews queue and approves,
// and the customer is at level 2. Screenshots in French and Arabic at 390x844 (the ops screen at 1280 px).

async function fillDocuments(page: Page) {
  await page.getByTestId('kyc-type-national_id').click();
  await page.getByTestId('kyc-front').setInputFiles({ name: 'recto.png', mimeType: 'image/png', buffer: pngBytes(1) });
  await page.getByTestId('kyc-back').setInputFiles({ name: 'verso.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  await page.getByTestId('kyc-selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: pngBytes(4) });
  await page.getByTestId('kyc-date_of_birth').fill('1988-06-21');
  await page.getByTestId('kyc-address').fill('14 rue Ibn Battouta');
  await page.getByTestId('kyc-postcode').fill('20250');
  await page.getByTestId('kyc-city').fill('Casablanca');
}

test.describe('identity documents', () => {
  test('a customer sends documents from the raise-your-limits link, an operator approves, level 2', async ({
    browser,
    request,
  }) => {
    // A customer's and an operator's screens, in two languages, in one flow: past 30 s beside the other worker.
    test.slow();
    const alice = await account(request);
    const page = await pageFor(browser, alice);
    await page.goto('/?lang=fr');
    await page.getByTestId('raise-limits').click();
    await expect(page).toHaveURL(/\/settings\/identity/);
    for (const part of ['front', 'back', 'selfie']) {
      const input = page.getByTestId(`kyc-${part}`);
      await expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
      await expect(input).toHaveAttribute('capture', part === 'selfie' ? 'user' : 'environment');
    }
    // A passport has no back.
    await page.getByTestId('kyc-type-passport').click();
    await expect(page.getByTestId('kyc-back')).toHaveCount(0);

    await fillDocuments(page);
    await expect(page.getByTestId('kyc-front-preview').locator('img')).toBeVisible();
    await expect(page.getByTestId('kyc-back-preview')).toContainText('verso.pdf');
    await screenshot(page, 'kyc-upload-fr-390.png');

    // The upload reports its progress (XMLHttpRequest), then the state replaces the form.
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'pending');
    await expect(page.getByTestId('kyc-form')).toHaveCount(0);
    await screenshot(page, 'kyc-pending-fr-390.png');

    const operator = await account(request, await newOperator());
    const ops = await pageFor(browser, operator);
    await ops.setViewportSize({ width: 1280, height: 800 });
    await ops.goto(`/ops/reviews?lang=fr&kind=kyc_document&subject=user:${alice.userId}`);
    const docs = ops.getByTestId('kyc-documents');
    await expect(docs).toContainText('Nadia Test');
    await expect(docs).toContainText('Casablanca');
    // The images arrive through the API with the operator's token (no-store), shown as pictures.
    const front = docs.getByTestId('kyc-file-front').locator('img');
    await expect(front).toBeVisible();
    await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await expect(docs.getByTestId('kyc-file-back')).toContainText('PDF');
    await screenshot(ops, 'kyc-ops-review-fr-1280.png');
    await ops.goto(`/ops/reviews?lang=ar&kind=kyc_document&subject=user:${alice.userId}`);
    await expect(ops.getByTestId('kyc-file-selfie').locator('img')).toBeVisible();
    await screenshot(ops, 'kyc-ops-review-ar-1280.png');

    await ops.getByTestId('review-approve').click();
    const dialog = ops.getByTestId('review-dialog');
    await dialog.getByTestId('action-reason').fill('Document and selfie match');
    await dialog.getByTestId('action-code').fill(CODE);
    await dialog.getByTestId('action-confirm').click();
    await expect(ops.getByTestId('review-done')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'approved');
    await page.goto('/?lang=fr');
    await expect(page.getByTestId('limits')).toBeVisible();
    await expect(page.getByTestId('raise-limits')).toHaveCount(0);
  });

  test('in Arabic: a file too large is refused before sending, a file that is no image by its bytes after', async ({
    browser,
    request,
  }) => {
    const bob = await account(request);
    const page = await pageFor(browser, bob);
    await page.goto('/settings/identity?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await fillDocuments(page);
    await screenshot(page, 'kyc-upload-ar-390.png');
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    await page.getByTestId('kyc-front').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(page.getByTestId('kyc-front-error')).toContainText('5');
    // Named and declared as a PNG, but its bytes are text: the server says so on the field, in Arabic.
    await page
      .getByTestId('kyc-front')
      .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-front-error')).toHaveText('أرسل صورة (JPEG أو PNG) أو ملف PDF.');
    await screenshot(page, 'kyc-refused-ar-390.png');
    const state = await request.get('/api/kyc/', { headers: { authorization: `Bearer ${bob.token}` } });
    expect(((await state.json()) as { state: string }).state).toBe('none');
  });
});
