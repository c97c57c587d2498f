/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { account, CODE, enterCode, pageFor } from './accounts.ts';
import { fund, newTeller } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A customer sends a cash pickup, a teller pays it out against an ID (keyboard only), the sender sees
 * it collected. Each new screen is opened in French and Arabic at 390x844 too (saved with E2E_SCREENSHOTS=1: look
 * at them).
 */

async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const lang of ['fr', 'ar']) {
    const url = new URL(page.url());
    url.searchParams.set('lang', lang);
    await page.goto(url.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (prepare) await prepare();
    await screenshot(page, `pickup-${name}-${lang}-390.png`);
  }
  const back = new URL(page.url());
  back.searchParams.set('lang', 'fr');
  await page.goto(back.toString());
}

test('a customer sends a cash pickup, a teller pays it with an ID, the sender sees it collected', async ({
  browser,
  request,
}) => {
  // Ten screenshots on a shared machine: more than the default 30 s.
  test.setTimeout(180_000);
  const alice = await account(request);
  await fund(alice.userId, 500_00n);
  const contact = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${alice.token}` },
    data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345678' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const contactId = ((await contact.json()) as { id: number }).id;

  const phone = await pageFor(browser, alice);
  await phone.goto(`/transactions/create?contact=${contactId}&transaction=send&lang=fr`);
  await phone.getByTestId('delivery-pickup').check();
  await expect(phone.getByTestId('delivery-agency')).toBeVisible();
  const pickupChosen = async () => {
    await phone.getByTestId('delivery-pickup').check();
    await expect(phone.getByTestId('delivery-agency').locator('option')).not.toHaveCount(1);
  };
  await shoot(phone, 'create', pickupChosen);
  await pickupChosen();
  await phone.getByTestId('create-amount').fill('120');
  await phone.getByTestId('create-next').click();
  await enterCode(phone);
  await phone.getByTestId('create-confirm').click();
  const shown = phone.getByTestId('pickup-reference');
  await expect(shown).toHaveText(/^\d{3} \d{3} \d{4}$/);
  const reference = (await shown.innerText()).replace(/\s/g, '');
  await phone.getByTestId('success-view').click();
  await expect(phone.getByTestId('pickup-status')).toHaveText('En attente de retrait');
  await expect(phone.getByTestId('pickup-name')).toHaveText('Fatima Zahra');
  await shoot(phone, 'detail');
  await shoot(phone, 'correct-name', () => phone.getByTestId('pickup-correct-name').click());

  // The teller, by keyboard only: type the reference, Enter, the ID fields, the checkbox, the code, Enter.
  const teller = await account(request, await newTeller());
  const counter = await pageFor(browser, teller);
  await counter.goto('/withdraw?lang=fr');
  await shoot(counter, 'teller-entry');
  const typo = reference.slice(0, 9) + String((Number(reference[9]) + 1) % 10);
  // One field for whatever the customer reads out: the pickup reference as the SMS prints it, spaces and all.
  const grouped = (r: string) => `${r.slice(0, 3)} ${r.slice(3, 6)} ${r.slice(6)}`;
  await counter.getByTestId('manual-token').focus();
  await counter.keyboard.type(grouped(typo));
  await counter.keyboard.press('Enter');
  await expect(counter.getByTestId('manual-token-error')).toHaveText('Cette référence n’est pas valable : vérifiez les chiffres.');
  await counter.keyboard.press('Backspace');
  await counter.keyboard.type(reference.slice(9));
  await counter.keyboard.press('Enter');
  await expect(counter.getByTestId('pickup-recipient')).toHaveText('Fatima Zahra');
  await expect(counter.getByTestId('pickup-amount')).toContainText('120');
  await shoot(counter, 'teller-payout');
  await counter.getByTestId('pickup-id-type').focus();
  await counter.keyboard.press('ArrowDown');
  await counter.keyboard.press('Tab');
  await counter.keyboard.type('BE123456');
  await counter.keyboard.press('Tab');
  const reserved = counter.waitForResponse((r) => r.url().includes('/reserve/'));
  await counter.keyboard.press('Space');
  expect((await reserved).status()).toBe(200);
  await expect(counter.getByTestId('pickup-name-matches')).toBeChecked();
  await counter.getByTestId('pin-input').focus();
  await counter.keyboard.type(CODE);
  const paid = counter.waitForResponse((r) => r.url().includes('/pay/'));
  await counter.getByTestId('pickup-pay').focus();
  await counter.keyboard.press('Enter');
  expect((await paid).status()).toBe(200);
  await expect(counter.getByTestId('payout-success')).toContainText('Retrait en espèces payé');

  await phone.reload();
  await expect(phone.getByTestId('pickup-status')).toHaveText('Retiré');
  await expect(phone.getByTestId('pickup-reference')).toHaveCount(0);
});
