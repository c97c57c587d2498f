/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { account, CODE, enterCode, pageFor } from './accounts.ts';
import { admin, fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * A bank deposit and a mobile wallet payout to a recipient on the synthetic EU list are held for review, not
 * refused: their sender reads that the payout is being checked (nothing of why), with no arrival date or delay; a
 * payout on its way is named among what blocks closing the account. Screenshots in French and Arabic at 390x844
 * with E2E_SCREENSHOTS=1.
 */

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const lang of ['fr', 'ar']) {
    const url = new URL(page.url());
    url.searchParams.set('lang', lang);
    await page.goto(url.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await ready();
    await screenshot(page, `held-payouts-${name}-${lang}-390.png`);
  }
}

test('held bank deposit and mobile wallet payout: under review for the sender; a payout on its way blocks closing', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await admin(['sanctions:import', '--format', 'eu', 'tests/fixtures/sanctions/eu-consolidated.csv']);
  const alice = await account(request);
  await fund(alice.userId, 500_00n);
  const headers = { authorization: `Bearer ${alice.token}` };
  // The EU entry "Mohammed Al-Hassan Zaytouni", written as a sender would, with a RIB and a Moroccan mobile.
  const contact = await request.post('/api/contacts/', {
    headers,
    data: {
      first_name: 'Mohamed',
      last_name: 'El Hassan Zitouni',
      phone_number: '+212712345671',
      rib: '007780000123456789012396',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const contactId = String(((await contact.json()) as { id: number }).id);
  const send = async (delivery: string) => {
    const res = await request.post('/api/transactions/', {
      headers,
      data: { amount: '120', contact: contactId, delivery, security_code: CODE },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { id: number; status: string };
    expect(body.status).toBe('on_hold');
    return body.id;
  };
  const deposit = await send('bank_deposit');
  const wallet = await send('mobile_wallet');

  const phone = await pageFor(browser, alice);
  await phone.goto(`/transactions/${deposit}?lang=fr`);
  await expect(phone.getByTestId('under-review')).toContainText('En cours de vérification');
  await expect(phone.getByTestId('payout-arrival')).toHaveCount(0);
  await expect(phone.locator('main')).not.toContainText(/sanction|liste/i);
  await shoot(phone, 'bank-deposit', () => expect(phone.getByTestId('under-review')).toBeVisible());

  await phone.goto(`/transactions/${wallet}?lang=fr`);
  await expect(phone.getByTestId('under-review')).toContainText('En cours de vérification');
  await expect(phone.getByTestId('wallet-payout-delay')).toHaveCount(0);
  await shoot(phone, 'mobile-wallet', () => expect(phone.getByTestId('under-review')).toBeVisible());

  // A deposit on its way (not held) to an ordinary recipient: closing names it with where to follow it.
  const other = await request.post('/api/contacts/', {
    headers,
    data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212712345672', rib: '007780000123456789012396' },
  });
  expect(other.status(), await other.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers,
    data: {
      amount: '260',
      contact: String(((await other.json()) as { id: number }).id),
      delivery: 'bank_deposit',
      security_code: CODE,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  for (const lang of ['fr', 'ar']) {
    await phone.goto(`/settings/profile?lang=${lang}`);
    await phone.getByTestId('data-rights').getByTestId('close-account').click();
    const confirm = phone.getByTestId('close-confirmation');
    await enterCode(phone);
    await confirm.getByTestId('close-confirm').click();
    await expect(confirm.getByTestId('close-blocker-payout')).toContainText(
      lang === 'fr' ? 'Un virement bancaire ou un envoi sur portefeuille mobile' : 'لا يزال تحويل بنكي',
    );
    await confirm.getByTestId('close-blockers').scrollIntoViewIfNeeded();
    await screenshot(phone, `held-payouts-close-blockers-${lang}-390.png`, { fullPage: false });
  }
});
