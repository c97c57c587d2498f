/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { account, enterCode, pageFor } from './accounts.ts';
import { fund, newTeller } from './operator.ts';

test.describe('sends and withdrawals', () => {
  test('a customer sends to a registered recipient, who sees the reception', async ({ browser, request }) => {
    const alice = await account(request);
    const bob = await account(request);
    await fund(alice.userId, 500_00n);
    const contact = await request.post('/api/contacts/', {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { first_name: 'Bob', last_name: 'Receiver', email: bob.email },
    });
    const { id } = (await contact.json()) as { id: number };

    const page = await pageFor(browser, alice);
    await page.goto(`/transactions/create?contact=${id}&transaction=send&lang=en`);
    await expect(page.getByTestId('create-party')).toContainText('Bob Receiver');
    await page.getByTestId('create-amount').fill('120');
    await page.getByTestId('create-next').click();
    await enterCode(page);
    await page.getByTestId('create-confirm').click();
    // A success state says what happened before going home.
    await expect(page.getByTestId('success')).toContainText('Money sent');
    await expect(page.getByTestId('success-party')).toHaveText('Bob Receiver');
    await page.getByTestId('success-home').click();
    await expect(page).toHaveURL(/\/\?lang=en$/);
    await expect(page.getByTestId('recent-transactions')).toContainText('To Bob Receiver');

    // The in-process worker anchors the send within seconds; its 'view' link opens a verifying page.
    await page.getByTestId('transaction-row').first().click();
    // A short form of the id (first and last characters), the full one in its title and copied.
    await expect(page.getByTestId('ledger-tx-id')).toHaveText(/^[0-9a-f]{8}…[0-9a-f]{6}$/, { timeout: 15_000 });
    const fullId = await page.getByTestId('ledger-tx-id').getAttribute('title');
    expect(fullId).toMatch(/^[0-9a-f]{64}$/);
    expect(fullId!.startsWith((await page.getByTestId('ledger-tx-id').textContent())!.slice(0, 8))).toBe(true);
    // The 64-character id once widened the page past a phone's screen: it must wrap inside the column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 390,
    );
    const [explorer] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('ledger-link').click()]);
    await expect(explorer.getByText('Verified', { exact: true })).toBeVisible();
    await expect(explorer.locator('body')).not.toContainText('Bob');

    const bobPage = await pageFor(browser, bob);
    await bobPage.goto('/transactions?lang=en');
    await expect(bobPage.getByTestId('transaction-row').first()).toContainText('From Nadia Test');
    await expect(bobPage.getByTestId('transaction-row').first()).toContainText('+');
  });

  test('a customer withdraws; a teller scans, confirms and validates; the customer sees it done', async ({ browser, request }) => {
    const alice = await account(request);
    await fund(alice.userId, 300_00n);
    const tellerEmail = await newTeller();
    const teller = await account(request, tellerEmail);
    const agencies = await request.get('/api/contacts/?public=true&search=Casablanca', {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const agency = ((await agencies.json()) as { results: { id: number; city: string | null }[] }).results.find((a) =>
      a.city === 'Casablanca',
    );
    expect(agency).toBeDefined();

    const page = await pageFor(browser, alice);
    await page.goto(`/transactions/create?contact=${agency?.id}&transaction=withdraw&lang=fr`);
    await page.getByTestId('create-max').click();
    // In the locale's format: French writes 300,00.
    await expect(page.getByTestId('create-amount')).toHaveValue('300,00');
    await page.getByTestId('create-amount').fill('200');
    await page.getByTestId('create-next').click();
    await enterCode(page);
    await page.getByTestId('create-confirm').click();
    // The next step is showing the QR code at the agency: the success state shows it at once.
    await expect(page.getByTestId('success')).toContainText('Retrait prêt');
    await expect(page.getByTestId('withdrawal-qr')).toBeVisible();
    await page.getByTestId('success-home').click();
    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await page.getByTestId('transaction-row').first().click();
    await expect(page.getByTestId('withdrawal-qr')).toBeVisible();
    const detailUrl = page.url();
    const list = await request.get('/api/transactions/?category=withdraw', { headers: { authorization: `Bearer ${alice.token}` } });
    const token = ((await list.json()) as { results: { token: string | null }[] }).results[0]?.token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const counter = await pageFor(browser, teller);
    await counter.goto(`/withdraw?transaction=${token}&lang=fr`);
    await expect(counter.getByTestId('withdraw-transaction')).toContainText('Nadia Test');
    await counter.getByTestId('withdraw-validate').click();
    await expect(counter.getByTestId('withdraw-message')).toHaveText('Veuillez confirmer la remise du montant.');
    await counter.getByTestId('confirm-amount').check();
    await counter.getByTestId('withdraw-validate').click();
    await enterCode(counter);
    await counter.getByTestId('withdraw-validate').click();
    // A payout ends on what was handed to whom, then the teller's home counts it.
    await expect(counter.getByTestId('payout-success')).toContainText('Retrait payé');
    await expect(counter.getByTestId('payout-success-text')).toContainText('200,00');
    await expect(counter.getByTestId('payout-success-text')).toContainText('Nadia Test');
    await counter.getByTestId('success-home').click();
    await expect(counter).toHaveURL(/\/\?lang=fr$/);
    // The Casablanca agency is shared by the e2e tests running meanwhile: at least this one, in MAD.
    await expect(counter.getByTestId('payouts-today-count')).toHaveText(/^\d+ paiements?$/);
    await expect(counter.getByTestId('payouts-today-total')).toContainText('MAD');
    await expect(counter.getByTestId('balance-mad')).toHaveCount(0);

    // The same code again: done, said in words, no validate button.
    await counter.goto(`/withdraw?transaction=${token}&lang=fr`);
    // When, where and by whom it was paid, so the counter can answer a customer who says they got nothing.
    await expect(counter.getByTestId('withdraw-status')).toHaveText(
      /^Déjà payé le \d{1,2} \S+ \d{4} à \d{2}:\d{2} à l’agence Mohammed V par .+ : il n’y a rien à remettre\.$/,
    );
    await expect(counter.getByTestId('withdraw-validate')).toHaveCount(0);
    await expect(counter.getByTestId('confirm-amount')).toHaveCount(0);
    // A mistyped code: 'not found', and typing again lands on the field.
    await counter.goto(`/withdraw?transaction=${'Z'.repeat(22)}&lang=fr`);
    await expect(counter.getByTestId('withdraw-lookup-error')).toContainText('Aucun retrait ne correspond à ce code');
    await counter.getByTestId('teller-type-again').click();
    await expect(counter.getByTestId('manual-token')).toBeFocused();

    await page.goto(detailUrl);
    await expect(page.getByTestId('withdrawal-done')).toHaveText('Le retrait a déjà été effectué');
    await expect(page.getByTestId('withdrawal-qr')).toHaveCount(0);
  });
});
