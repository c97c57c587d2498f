/// <reference lib="dom" />
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { account, pageFor } from './accounts.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A transfer tells its story. The detail's timeline, each screen opened in French and Arabic at 390x844
 * (saved with E2E_SCREENSHOTS=1: look at them).
 */

async function shoot(page: Page, name: string) {
  for (const lang of ['fr', 'ar']) {
    const url = new URL(page.url());
    url.searchParams.set('lang', lang);
    await page.goto(url.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await screenshot(page, `lifecycle-${name}-${lang}-390.png`);
  }
  const back = new URL(page.url());
  back.searchParams.set('lang', 'fr');
  await page.goto(back.toString());
}

/** Alice (funded) has sent 25 MAD to Bob Bennani, a registered user: both accounts and the transfer's id. */
async function aliceSentToBob(request: APIRequestContext) {
  const alice = await account(request);
  const bob = await account(request);
  await fund(alice.userId, 500_00n);
  const auth = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers: auth,
    data: { first_name: 'Bob', last_name: 'Bennani', email: bob.email },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const contactId = ((await contact.json()) as { id: number }).id;
  const sent = await request.post('/api/transactions/', {
    headers: auth,
    data: { amount: '25', contact: contactId, security_code: '246810' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { alice, bob, contactId, id: ((await sent.json()) as { id: number }).id };
}

test('the detail of a send shows its timeline and downloads its receipt', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice, id } = await aliceSentToBob(request);
  const phone = await pageFor(browser, alice);
  await phone.goto(`/transactions/${id}?lang=fr`);
  const timeline = phone.getByTestId('timeline');
  // The e2e server anchors in-process: the public-ledger step follows within moments (reload until it shows).
  await expect(async () => {
    await phone.reload();
    await expect(timeline.locator('li')).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(timeline.locator('li').first()).toContainText('Transaction créée');
  await expect(timeline.locator('li').nth(1)).toContainText('Créditée sur le portefeuille');
  await expect(timeline.locator('li').nth(2)).toContainText('Inscrite sur le registre public');
  // 'Download receipt': the PDF of this transaction, in the screen's language.
  const download = phone.waitForEvent('download');
  await phone.getByTestId('download-receipt').click();
  expect((await download).suggestedFilename()).toBe(`receipt-${id}-fr.pdf`);
  await shoot(phone, 'detail-timeline');
});

test('money received shows on the home bell; the notifications screen lists it and marks it read', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await account(request);
  const bob = await account(request);
  await fund(alice.userId, 500_00n);
  const auth = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers: auth,
    data: { first_name: 'Bob', last_name: 'Bennani', email: bob.email },
  });
  const contactId = ((await contact.json()) as { id: number }).id;
  for (const amount of ['25', '12.50']) {
    const sent = await request.post('/api/transactions/', {
      headers: auth,
      data: { amount, contact: contactId, security_code: '246810' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const phone = await pageFor(browser, bob);
  await phone.goto('/?lang=fr');
  const bell = phone.getByTestId('notification-bell');
  await expect(phone.getByTestId('notification-badge')).toHaveText('2');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 2 non lues');
  await shoot(phone, 'home-bell');
  await bell.click();
  await expect(phone).toHaveURL(/\/notifications/);
  const rows = phone.getByTestId('notification');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Vous avez reçu de l’argent');
  await expect(rows.first()).toContainText('Nadia Test vous a envoyé 12,50 MAD');
  await expect(rows.first()).toHaveAttribute('data-unread', 'true');
  await shoot(phone, 'notifications');
  // Opening one marks it read and leads to its transaction.
  await rows.nth(1).getByRole('link').click();
  await expect(phone).toHaveURL(/\/transactions\/\d+/);
  await phone.goBack();
  await expect(phone.getByTestId('notification').nth(1)).toHaveAttribute('data-unread', 'false');
  await expect(phone.getByTestId('notification').first()).toHaveAttribute('data-unread', 'true');
  await phone.getByTestId('mark-all-read').click();
  await expect(phone.getByTestId('notification').first()).toHaveAttribute('data-unread', 'false');
  await expect(phone.getByTestId('mark-all-read')).toHaveCount(0);
  await phone.goto('/?lang=fr');
  await expect(phone.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');
  await expect(phone.getByTestId('notification-badge')).toHaveCount(0);
});

test('the sender cancels a transfer still waiting, after confirming, and sends the same amount again', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await account(request);
  await fund(alice.userId, 500_00n);
  const auth = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers: auth,
    data: { first_name: 'Yasmine', last_name: 'Alaoui', email: `e2e-later-${Date.now()}@example.com` },
  });
  const contactId = ((await contact.json()) as { id: number }).id;
  const sent = await request.post('/api/transactions/', {
    headers: auth,
    data: { amount: '25', contact: contactId, security_code: '246810' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = ((await sent.json()) as { id: number }).id;
  const phone = await pageFor(browser, alice);
  await phone.goto(`/transactions/${id}?lang=fr`);
  await expect(phone.getByTestId('cancel-transaction')).toBeVisible();
  await shoot(phone, 'detail-cancel');
  // Dismissing the confirmation changes nothing; accepting it cancels.
  phone.once('dialog', (dialog) => void dialog.dismiss());
  await phone.getByTestId('cancel-transaction').click();
  await expect(phone.getByTestId('cancel-transaction')).toBeVisible();
  phone.once('dialog', (dialog) => void dialog.accept());
  await phone.getByTestId('cancel-transaction').click();
  await expect(phone.getByTestId('cancel-transaction')).toHaveCount(0);
  const after = (await (await request.get(`/api/transactions/${id}/`, { headers: auth })).json()) as { status: string };
  expect(after.status).toBe('cancelled');
  // Send again: the same recipient and amount, a new transfer confirmed by the security code.
  await phone.getByTestId('send-again').click();
  await expect(phone).toHaveURL(/\/transactions\/create\?.*amount=25\.00/);
  await expect(phone.getByTestId('create-amount')).toHaveValue('25,00');
});

test('the transactions screen downloads the statement of its date filters as CSV', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice } = await aliceSentToBob(request);
  const phone = await pageFor(browser, alice);
  await phone.goto('/transactions?lang=fr');
  await expect(phone.getByTestId('transaction-row')).toHaveCount(1);
  const today = await phone.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await phone.getByTestId('filters-toggle').click();
  await phone.getByTestId('filter-start').fill(today);
  await phone.getByTestId('filter-end').fill(today);
  await expect(phone.getByTestId('statement-period')).toContainText('Période');
  const download = phone.waitForEvent('download');
  await phone.getByTestId('statement-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`statement-${today}_${today}.csv`);
  const text = await fs.readFile((await file.path()) ?? '', 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  // The screen's language: a French header and words, the amounts still plain numbers.
  expect(text).toContain('Référence,Date (UTC),Opération,Statut,Débit/Crédit');
  expect(text).toContain('Débit,Bob Bennani,25.00,MAD,0.00,MAD');
  await shoot(phone, 'transactions-statement');
});

test('a contact’s detail sends the newest transfer to them again, prefilled', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice, contactId } = await aliceSentToBob(request);
  const phone = await pageFor(browser, alice);
  await phone.goto(`/contacts/${contactId}?lang=fr`);
  const again = phone.getByTestId('contact-send-again');
  await expect(again).toHaveText(/Envoyer à nouveau 25,00\sMAD/);
  await shoot(phone, 'contact-send-again');
  await phone.getByTestId('contact-send-again').click();
  await expect(phone).toHaveURL(new RegExp(`/transactions/create\\?contact=${contactId}&.*amount=25\\.00`));
  await expect(phone.getByTestId('create-amount')).toHaveValue('25,00');
  await expect(phone.getByTestId('create-party')).toContainText('Bob Bennani');
});

test('the sender of a completed send gets its receipt PDF by e-mail from npm start, with no separate worker', async ({
  request,
}) => {
  test.setTimeout(240_000);
  // The e2e server is `node scripts/start.mjs` as is: before, only `npm run worker` mailed receipts, so on the
  // default install they waited in their outbox for ever. The receipt process runs at a low priority behind every
  // receipt the run's earlier sends queued: on a loaded machine this one comes minutes later, and late is not lost.
  const { alice, id } = await aliceSentToBob(request);
  await expect(async () => {
    const outbox = (await (await request.get(`/api/dev/outbox/?to=${encodeURIComponent(alice.email)}`)).json()) as {
      results: { attachments?: { filename: string; content_type: string; base64: string }[] | null }[];
    };
    const receipt = outbox.results.flatMap((m) => m.attachments ?? []).find((a) => a.filename.includes(String(id)));
    expect(receipt?.content_type).toBe('application/pdf');
    expect(Buffer.from(receipt?.base64 ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  }).toPass({ timeout: 180_000, intervals: [1000] });
});
