/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pngBytes } from '../support/kyc-files.ts';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { admin, fund, newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

// People by their names where the back-office and the sender look: a recipient without an account (a send waiting
// for them, a cash pickup) by the name the sender gave, the phone beside it; a held send's sender by name, linked to
// their page; a customer's identity documents and the decision on them on the customer's page, with its audit line;
// a released hold on its transaction's timeline. Screenshots at 1,280 px (operators) and 390 px (the sender), in
// French and Arabic.

const moroccanMobile = () => `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function post(request: APIRequestContext, who: Account, url: string, data: Record<string, unknown>) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

async function send(request: APIRequestContext, who: Account, contact: Record<string, string>, extra = {}) {
  const made = await post(request, who, '/api/contacts/', contact);
  const sent = await post(request, who, '/api/transactions/', {
    amount: 120,
    contact: made.id,
    security_code: CODE,
    ...extra,
  });
  return sent.id as number;
}

async function openReviewOf(request: APIRequestContext, op: Account, subject: string): Promise<number> {
  const response = await request.get(`/api/ops/reviews/?state=open&subject=${encodeURIComponent(subject)}`, {
    headers: { authorization: `Bearer ${op.token}` },
  });
  const { results } = (await response.json()) as { results: { id: number }[] };
  expect(results.length, `an open review of ${subject}`).toBeGreaterThan(0);
  return results[0]!.id;
}

async function ready(page: Page, lang: string) {
  await expect(page.getByTestId('ops-shell')).toBeVisible();
  await expect(page.getByTestId('ops-loading')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

// SHOTS_STAGE names a set of screenshots (before and after a change) so both can be kept side by side.
const stage = process.env.SHOTS_STAGE ? `${process.env.SHOTS_STAGE}-` : '';

test('the back-office and the sender read names, decisions and their audit where they look', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await admin(['sanctions:import', '--format', 'eu', 'tests/fixtures/sanctions/eu-consolidated.csv']);
  const alice = await account(request);
  await fund(alice.userId, 2_000_00n);
  const waiting = await send(request, alice, {
    first_name: 'Youssef',
    last_name: 'Benali',
    phone_number: moroccanMobile(),
  });
  const pickup = await send(
    request,
    alice,
    { first_name: 'Fatima', last_name: 'Zahra', phone_number: moroccanMobile() },
    { delivery: 'cash_pickup' },
  );
  const held = await send(request, alice, {
    first_name: 'Mohamed',
    last_name: 'El Hassan Zitouni',
    phone_number: moroccanMobile(),
  });

  // Identity documents, approved by an operator.
  const documents = await request.post('/api/kyc/submissions/', {
    headers: { authorization: `Bearer ${alice.token}` },
    multipart: {
      document_type: 'passport',
      front: { name: 'front.png', mimeType: 'image/png', buffer: pngBytes(1) },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: pngBytes(2) },
      date_of_birth: '1988-06-21',
      address: '14 rue Ibn Battouta',
      postcode: '20250',
      city: 'Casablanca',
    },
  });
  expect(documents.status(), await documents.text()).toBeLessThan(300);
  const op = await account(request, await newOperator());
  const kycReview = await openReviewOf(request, op, `user:${alice.userId}`);
  await post(request, op, `/api/ops/reviews/${kycReview}/approve/`, {
    reason: 'Passeport conforme',
    security_code: CODE,
  });
  const holdReview = await openReviewOf(request, op, `transaction:${held}`);

  const ops = await pageFor(browser, op);
  await ops.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ['fr', 'ar']) {
    await ops.goto(`/ops/transactions?customer=${alice.userId}&lang=${lang}`);
    await ready(ops, lang);
    const rows = ops.getByTestId('tx-row');
    await expect(rows).toHaveCount(3);
    await screenshot(ops, `${stage}ops-transactions-${lang}-1280.png`);
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('Mohamed El Hassan Zitouni'),
      expect.stringContaining('Fatima Zahra'),
      expect.stringContaining('Youssef Benali'),
    ]);

    await ops.goto(`/ops/transactions/${waiting}?lang=${lang}`);
    await ready(ops, lang);
    await expect(ops.getByTestId('tx-facts')).toBeVisible();
    await screenshot(ops, `${stage}ops-transaction-waiting-${lang}-1280.png`);
    await expect(ops.getByTestId('tx-recipient')).toContainText('Youssef Benali');
    await expect(ops.getByTestId('tx-recipient')).toContainText('+2126');

    await ops.goto(`/ops/transactions/${pickup}?lang=${lang}`);
    await ready(ops, lang);
    await expect(ops.getByTestId('tx-facts')).toBeVisible();
    await screenshot(ops, `${stage}ops-transaction-pickup-${lang}-1280.png`);

    await ops.goto(`/ops/reviews?state=open&subject=transaction:${held}&lang=${lang}`);
    await ready(ops, lang);
    await expect(ops.getByTestId('sanctions-hit')).toBeVisible();
    await screenshot(ops, `${stage}ops-review-held-${lang}-1280.png`);
    const hit = ops.getByTestId('sanctions-hit');
    await expect(hit.getByTestId('sanctions-sender')).toContainText('Nadia Test');
    await expect(hit.getByTestId('sanctions-sender')).toHaveAttribute(
      'href',
      new RegExp(`/ops/customers/${alice.userId}\\b`),
    );
    await expect(hit.getByTestId('sanctions-contact')).toContainText('Mohamed El Hassan Zitouni');
    // The list's date and the listed person's birth date and nationality in words, not as codes.
    if (lang === 'fr') await expect(hit).toContainText('12 avril 1971');
    if (lang === 'fr') await expect(hit).toContainText('Libye');
    await expect(hit).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // The queue searched by the held transaction's number finds its item.
    await ops.goto(`/ops/reviews?lang=${lang}`);
    await ready(ops, lang);
    await ops.getByTestId('reviews-search').fill(String(held));
    await ops.getByTestId('reviews-search').press('Enter');
    await expect(ops.getByTestId(`review-${holdReview}`)).toBeVisible();
    await screenshot(ops, `${stage}ops-reviews-search-${lang}-1280.png`);

    // The audit's date filters are the app's date field, in the page language's order.
    await ops.goto(`/ops/audit?lang=${lang}&start_date=2026-11-05`);
    await ready(ops, lang);
    await expect(ops.getByTestId('filter-start_date')).toHaveValue('05/11/2026');
    await screenshot(ops, `${stage}ops-audit-filters-${lang}-1280.png`, { fullPage: false });

    await ops.goto(`/ops/customers/${alice.userId}?lang=${lang}`);
    await ready(ops, lang);
    await expect(ops.getByTestId('customer-facts')).toBeVisible();
    await screenshot(ops, `${stage}ops-customer-${lang}-1280.png`);
    const documents = ops.getByTestId('customer-document');
    await expect(documents).toHaveCount(1);
    await expect(ops.getByTestId('customer-document-decision')).toContainText('Passeport conforme');
    await expect(documents.getByTestId('kyc-file-front').locator('img')).toBeVisible();
    if (lang === 'fr') await expect(documents).toContainText('Passeport');
  }

  // The hold released: its transaction's timeline says so, by whom, and links to its review.
  await post(request, op, `/api/ops/reviews/${holdReview}/approve/`, { reason: 'Homonyme', security_code: CODE });
  for (const lang of ['fr', 'ar']) {
    await ops.goto(`/ops/transactions/${held}?lang=${lang}`);
    await ready(ops, lang);
    await expect(ops.getByTestId('tx-timeline')).toBeVisible();
    await screenshot(ops, `${stage}ops-transaction-released-${lang}-1280.png`);
    if (lang === 'fr') await expect(ops.getByTestId('tx-timeline')).toContainText('Revue de conformité : approuvée');
    await expect(ops.getByTestId('tx-reviews').getByRole('link')).toHaveAttribute('href', /\/ops\/reviews\?/);
  }

  // The sender's own history and detail name the person waiting for the money.
  const phone = await pageFor(browser, alice);
  for (const lang of ['fr', 'ar']) {
    await phone.goto(`/transactions?lang=${lang}`);
    await expect(phone.getByTestId('transaction-row').first()).toBeVisible();
    await screenshot(phone, `${stage}history-${lang}-390.png`);
    await expect(phone.getByTestId('transaction-row').nth(2)).toContainText('Youssef Benali');
    await phone.goto(`/transactions/${waiting}?lang=${lang}`);
    await expect(phone.getByTestId('detail-amount')).toBeVisible();
    await screenshot(phone, `${stage}detail-waiting-${lang}-390.png`);
  }
});
