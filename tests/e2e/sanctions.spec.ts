/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { account, enterCode, pageFor } from './accounts.ts';
import { admin, fund } from './operator.ts';

// Issue 16: a send to a recipient on a sanctions list (the synthetic EU fixture) is held; its sender reads 'under review'.
test('a send to a listed recipient is held and its sender sees it under review', async ({ browser, request }) => {
  await admin(['sanctions:import', '--format', 'eu', 'tests/fixtures/sanctions/eu-consolidated.csv']);
  const alice = await account(request);
  await fund(alice.userId, 500_00n);
  const contact = await request.post('/api/contacts/', {
    headers: { authorization: `Bearer ${alice.token}` },
    data: { first_name: 'Mohamed', last_name: 'El Hassan Zitouni', phone_number: '+212611223344' },
  });
  const { id } = (await contact.json()) as { id: number };

  const page = await pageFor(browser, alice);
  await page.goto(`/transactions/create?contact=${id}&transaction=send&lang=en`);
  await page.getByTestId('create-amount').fill('120');
  await page.getByTestId('create-next').click();
  await enterCode(page);
  await page.getByTestId('create-confirm').click();
  // The success screen says it is under review, not that the money was sent.
  await expect(page.getByTestId('success').locator('h2')).toHaveText('Under review');
  await expect(page.getByTestId('success')).not.toContainText('Money sent');
  await page.goto('/transactions?lang=en');
  await expect(page.getByTestId('transaction-row').first().getByTestId('under-review')).toHaveText('Under review');
  await page.getByTestId('transaction-row').first().click();
  await expect(page.getByTestId('under-review')).toContainText('Under review: we are checking this transfer');
  await page.goto(page.url().replace('lang=en', 'lang=fr'));
  await expect(page.getByTestId('under-review')).toContainText('En cours de vérification');
});
