/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { pngBytes } from '../support/kyc-files.ts';
import { account, pageFor } from './accounts.ts';
import { outbox, phoneCustomerWithEmail, uniqueFrenchMobile } from './identity-helpers.ts';
import { fund, newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

// A customer who lost their phone gets back in from the sign-in screen: the e-mail they still have and a new phone,
// a code to each, a selfie and a passport (they hold money), an operator approves in the reviews queue, and the
// new phone signs in. In French and Arabic, at 390x844 (the operator's screen at 1280 px).

for (const language of ['fr', 'ar'] as const) {
  test(`recovery to a new phone in ${language}`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const alice = await phoneCustomerWithEmail(request, language);
    const link = (await outbox(request, alice.email)).find((m) => m.link)?.link ?? '';
    expect((await request.get(new URL(link).pathname.replace(/^\/authentication\/confirm-email/, '/api/auth/confirm_email/') + new URL(link).search)).status()).toBe(200);
    await fund(alice.userId, 300_00n);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`/auth/step1?lang=${language}`);
    await page.getByTestId('lost-access').click();
    await expect(page).toHaveURL(/\/auth\/recover/);
    const fresh = `+33${uniqueFrenchMobile()}`;
    await page.getByTestId('recovery-known').fill(alice.email);
    await page.getByTestId('recovery-new').fill(fresh);
    await screenshot(page, `recovery-start-${language}-390.png`);
    await page.getByTestId('recovery-start').click();
    await expect(page.getByTestId('recovery-new-code')).toBeVisible();
    const code = async (to: string) => (await outbox(request, to)).find((m) => m.code)?.code ?? '';
    await page.getByTestId('recovery-known-code').fill(await code(alice.email));
    await page.getByTestId('recovery-new-code').fill(await code(fresh));
    await screenshot(page, `recovery-codes-${language}-390.png`);
    await page.getByTestId('recovery-verify').click();

    await expect(page.getByTestId('recovery-file-selfie')).toBeVisible();
    await page.getByTestId('recovery-document-type').selectOption('passport');
    await page.getByTestId('recovery-file-front').setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: pngBytes(5) });
    await page.getByTestId('recovery-file-selfie').setInputFiles({ name: 's.png', mimeType: 'image/png', buffer: pngBytes(6) });
    await screenshot(page, `recovery-documents-${language}-390.png`);
    await page.getByTestId('recovery-send-documents').click();
    await expect(page.getByTestId('recovery-review')).toBeVisible();
    await screenshot(page, `recovery-review-${language}-390.png`);

    const operator = await account(request, await newOperator());
    const ops = await pageFor(browser, operator);
    await ops.setViewportSize({ width: 1280, height: 800 });
    await ops.goto(`/ops/reviews?lang=${language}&kind=account_recovery&subject=user:${alice.userId}`);
    const review = ops.getByTestId('recovery-review');
    await expect(review).toContainText(fresh);
    await expect(review).toContainText(alice.phone);
    await screenshot(ops, `recovery-ops-review-${language}-1280.png`);
    const res = await request.get(`/api/ops/reviews/?state=open&kind=account_recovery&subject=user:${alice.userId}`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    const id = ((await res.json()) as { results: { id: number }[] }).results[0]?.id;
    const decided = await request.post(`/api/ops/reviews/${id}/approve/`, {
      headers: { authorization: `Bearer ${operator.token}` },
      data: { reason: 'Selfie and passport match', security_code: '246810' },
    });
    expect(decided.status(), await decided.text()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('recovery-approved')).toBeVisible();
    await screenshot(page, `recovery-approved-${language}-390.png`);
    // The new phone signs in to the same account.
    expect((await request.post('/api/auth/send_code/', { data: { phone_number: fresh, language } })).status()).toBe(200);
    const signedIn = await request.post('/api/auth/verify_code/', { data: { phone_number: fresh, code: await code(fresh) } });
    expect(((await signedIn.json()) as { user_id: number }).user_id).toBe(alice.userId);
  });
}
