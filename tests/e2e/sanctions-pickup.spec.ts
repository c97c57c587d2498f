/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { account, CODE, pageFor } from './accounts.ts';
import { admin, fund, newOperator, newTeller } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A cash pickup whose name is corrected to one on the synthetic EU list is held. The teller who types its
 * reference reads only that it cannot be paid out (no reason: tipping-off) and is offered no payout; its sender
 * reads 'under review' (not 'expired'); the operator reads the hit. Screenshots in French and Arabic (390x844 for
 * the phone screens, 1280 for the back-office) with E2E_SCREENSHOTS=1.
 */

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  const width = page.viewportSize()?.width ?? 390;
  for (const lang of ['fr', 'ar']) {
    const url = new URL(page.url());
    url.searchParams.set('lang', lang);
    await page.goto(url.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await ready();
    await screenshot(page, `sanctions-${name}-${lang}-${width}.png`);
  }
}

test('a held cash pickup: not payable at the counter, under review for its sender, the hit for the operator', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await admin(['sanctions:import', '--format', 'eu', 'tests/fixtures/sanctions/eu-consolidated.csv']);
  const alice = await account(request);
  await fund(alice.userId, 500_00n);
  const headers = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers,
    data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345679' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers,
    data: {
      amount: '120',
      contact: String(((await contact.json()) as { id: number }).id),
      delivery: 'cash_pickup',
      security_code: CODE,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id, pickup_reference: reference } = (await sent.json()) as { id: number; pickup_reference: string };
  // The name the ID must carry, corrected to a listed one (the EU entry "Mohammed Al-Hassan Zaytouni").
  const renamed = await request.post(`/api/transactions/${id}/recipient_name/`, {
    headers,
    data: { first_name: 'Mohamed', last_name: 'El Hassan Zitouni', security_code: CODE },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  // The sender: under review, no reference to share, no expiry.
  const phone = await pageFor(browser, alice);
  await phone.goto(`/transactions/${id}?category=sending&lang=fr`);
  await expect(phone.getByTestId('pickup-status')).toHaveText('En cours de vérification');
  await expect(phone.getByTestId('pickup-reference')).toHaveCount(0);
  await expect(phone.getByTestId('pickup-expiry')).toHaveCount(0);
  await shoot(phone, 'sender-held-pickup', () =>
    expect(phone.getByTestId('pickup-status')).not.toHaveText(/Expiré|منتهي/),
  );

  // The teller types the reference: the pickup cannot be paid out, the sender can contact support; nothing else.
  const teller = await account(request, await newTeller());
  const counter = await pageFor(browser, teller);
  await counter.goto('/withdraw?lang=fr');
  await counter.getByTestId('manual-token').fill(reference);
  await counter.keyboard.press('Enter');
  await expect(counter.getByTestId('pickup-not-payable')).toHaveText(
    'Ce retrait ne peut pas être payé. L’expéditeur peut contacter le service client.',
  );
  await expect(counter.getByTestId('pickup-pay')).toHaveCount(0);
  await expect(counter.getByTestId('pickup-payout')).not.toContainText(/sanction/i);
  // The address now carries the reference (?pickup=): each language opens on the same screen.
  await shoot(counter, 'teller-not-payable', () => expect(counter.getByTestId('pickup-not-payable')).toBeVisible());

  // The operator reads the hit: the name screened, the entry matched, its list, the scores.
  const operator = await account(request, await newOperator());
  const ops = await pageFor(browser, operator);
  await ops.setViewportSize({ width: 1280, height: 900 });
  await ops.goto(`/ops/reviews?lang=fr&kind=sanctions_hit&subject=transaction:${id}`);
  const hit = ops.getByTestId('sanctions-hit');
  await expect(hit.getByTestId('sanctions-screened-name')).toHaveText('Mohamed El Hassan Zitouni');
  await expect(hit).toContainText('Retrait en espèces bloqué');
  await expect(hit.getByTestId('sanctions-match').first()).toContainText('EU');
  await expect(hit.getByTestId('sanctions-score').first()).toContainText('%');
  await shoot(ops, 'ops-review', () => expect(ops.getByTestId('sanctions-hit')).toBeVisible());
});
