import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughApi } from './identity-helpers';
import { screenshot } from './screenshots.ts';

const signIn = (page: Page, request: APIRequestContext) => signInThroughApi(page, request, 'money');

interface Me {
  balance: string;
  rate_delta: string;
  rate_subscription: string;
  subscription: boolean;
}

async function me(request: APIRequestContext, token: string): Promise<Me> {
  const res = await request.get('/api/users/', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { results: Me[] }).results[0] as Me;
}

/** round(euros x rate) in whole dirhams, in integers: "10.7000" x 100 EUR -> 1070. */
function dirhams(euros: bigint, rate: string): bigint {
  const [whole = '', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return (2n * euros * BigInt(whole + fraction) + scale) / (2n * scale);
}

async function enterAmount(page: Page, amount: string) {
  await page.goto('/exchange?lang=en');
  await page.getByTestId('exchange-amount').fill(amount);
  // The draft is saved after the 300 ms debounce; the button says when it matches the amount shown.
  await expect(page.getByTestId('exchange-validate')).toHaveAttribute('data-ready', 'true');
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('add money', () => {
  test('adds 100 EUR with the success card: the balance rises by exactly round(100 x rate) MAD', async ({
    page,
    request,
  }) => {
    const token = await signIn(page, request);
    const before = await me(request, token);
    const expected = dirhams(100n, before.rate_delta);
    await enterAmount(page, '100');
    await expect(page.getByTestId('exchange-mad')).toContainText(expected.toString().replace(/\B(?=(\d{3})+$)/g, ','));
    await expect(page.getByTestId('see-rates')).toBeVisible();
    await page.getByTestId('exchange-validate').click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\/ps_/);
    await expect(page.locator('.amount')).toHaveText('101.60\u00A0EUR');
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/exchange\?.*status=success/);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid');
    const after = await me(request, token);
    expect(BigInt(after.balance.replace('.', '')) - BigInt(before.balance.replace('.', ''))).toBe(expected * 100n);
    await expect(page.getByTestId('payment-balance')).toContainText('MAD');

    // The top-up's detail says what the card was charged (101.60 EUR: 100 converted and the fee), not only the MAD.
    const list = await request.get('/api/transactions/?category=exchange', { headers: { authorization: `Bearer ${token}` } });
    const topUp = ((await list.json()) as { results: { id: number }[] }).results[0];
    for (const lang of ['fr', 'ar'] as const) {
      await page.goto(`/transactions/${String(topUp?.id)}?lang=${lang}`);
      await expect(page.getByTestId('top-up-paid')).toContainText(lang === 'fr' ? '101,60' : /101[,.]60/);
      await expect(page.getByTestId('top-up-converted')).toContainText(lang === 'fr' ? '100,00' : /100[,.]00/);
      await expect(page.getByTestId('top-up-rate')).toContainText('1 EUR =');
      await screenshot(page, `top-up-detail-${lang}-390.png`);
    }
  });

  test('a declined card shows the message and changes nothing', async ({ page, request }) => {
    const token = await signIn(page, request);
    const before = await me(request, token);
    await enterAmount(page, '25.50');
    await page.getByTestId('exchange-validate').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/ps_/);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined: nothing was charged. Try another card, or ask your bank why.');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    expect((await me(request, token)).balance).toBe(before.balance);
    await page.getByRole('link', { name: 'Cancel and return to the app' }).click();
    await expect(page.getByTestId('payment-result')).toContainText('Nothing was charged');
    // A cancelled payment charged nothing, so it shows no 'new balance'.
    await expect(page.getByTestId('payment-balance')).toHaveCount(0);
    expect((await me(request, token)).balance).toBe(before.balance);
  });

  test('subscribe, see the better rate, cancel', async ({ page, request }) => {
    const token = await signIn(page, request);
    const before = await me(request, token);
    expect(before.subscription).toBe(false);
    await page.goto('/rates?lang=en');
    await page.getByTestId('subscribe').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/ps_/);
    await expect(page.locator('.amount')).toHaveText('4.50\u00A0EUR / month');
    await payWith(page, '4242424242424242');

    await expect(page).toHaveURL(/\/rates\?.*status=success/);
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-active', 'true');
    const subscriptionRate = await page.getByTestId('rates-subscription').innerText();
    await expect(page.getByTestId('rates-yours')).toHaveText(subscriptionRate);

    await enterAmount(page, '100');
    await expect(page.getByTestId('exchange-mad')).toContainText(
      dirhams(100n, before.rate_subscription)
        .toString()
        .replace(/\B(?=(\d{3})+$)/g, ','),
    );
    await expect(page.getByTestId('see-rates')).toHaveCount(0);

    await page.goto('/rates?lang=en');
    await page.getByTestId('cancel-subscription').click();
    // A second tap, after reading until when the better rate stays; then a success state.
    await expect(page.getByTestId('cancel-confirmation')).toContainText('You keep the better rate until');
    const asked = await request.get('/api/billing/subscription/', { headers: { authorization: `Bearer ${token}` } });
    expect(((await asked.json()) as { cancel_at_period_end: boolean }).cancel_at_period_end).toBe(false);
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByTestId('success')).toContainText('Subscription cancelled');
    await expect(page.getByTestId('success-next')).toContainText('better rate stays until');
    await page.getByTestId('success-home').click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    await expect(page.getByTestId('my-rate-value')).toBeVisible();
    const after = await me(request, token);
    // Cancelled at the period end: the better rate stays until then.
    expect(after.subscription).toBe(true);
    await page.goto('/rates?lang=en');
    await expect(page.getByTestId('subscription-state')).toContainText('better rate stays until');
    await expect(page.getByTestId('cancel-subscription')).toHaveCount(0);
  });
});
