/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { account, CODE, enterCode, pageFor, type Account } from './accounts.ts';
import { fund, newTeller } from './operator.ts';

/** A teller reserves on the handover tick, and the teller page is per withdrawal. */

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function casablanca(request: APIRequestContext, who: Account): Promise<number> {
  const res = await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(who) });
  const found = ((await res.json()) as { results: { id: number; city: string | null }[] }).results.find((a) =>
    a.city === 'Casablanca',
  );
  expect(found).toBeDefined();
  return found?.id ?? 0;
}

async function withdrawal(request: APIRequestContext, who: Account, agency: number) {
  const res = await request.post('/api/transactions/', {
    headers: auth(who),
    data: { amount: '50', contact: agency, security_code: CODE },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; token: string };
}

/** The Idempotency-Key of the next validate request the page sends, with its answer's status. */
async function nextValidate(page: Page, act: () => Promise<void>): Promise<{ key: string; status: number }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/validate/') && r.request().method() === 'POST'),
    act(),
  ]);
  return { key: (await response.request().headerValue('idempotency-key')) ?? '', status: response.status() };
}

async function openManually(page: Page, token: string) {
  await page.getByTestId('manual-token').fill(token);
  await page.getByTestId('manual-token').press('Enter');
  await expect(page.getByTestId('withdraw-transaction')).toBeVisible();
}

test.describe('teller reservation', () => {
  test('A, tick, Back, scan B: B starts unticked and validates with a new Idempotency-Key', async ({
    browser,
    request,
  }) => {
    const alice = await account(request);
    await fund(alice.userId, 300_00n);
    const agency = await casablanca(request, alice);
    const [a, b] = [await withdrawal(request, alice, agency), await withdrawal(request, alice, agency)];
    const teller = await account(request, await newTeller());
    const counter = await pageFor(browser, teller);

    await counter.goto('/withdraw?lang=fr');
    await openManually(counter, a.token);
    const reserved = counter.waitForResponse((r) => r.url().includes('/reserve/'));
    await counter.getByTestId('confirm-amount').check();
    expect((await reserved).status()).toBe(200);
    await counter.getByTestId('withdraw-validate').click();
    // A wrong code: A's validate goes out with A's key and fails.
    for (const digit of '000000') await counter.getByTestId(`keypad-${digit}`).click();
    const first = await nextValidate(counter, () => counter.getByTestId('withdraw-validate').click());
    expect(first.status).toBe(400);

    await counter.goBack();
    await expect(counter.getByTestId('manual-token')).toBeVisible();
    await openManually(counter, b.token);
    await expect(counter.getByTestId('confirm-amount')).not.toBeChecked();
    await expect(counter.getByTestId('confirm-amount')).toBeEnabled();
    await counter.getByTestId('confirm-amount').check();
    await counter.getByTestId('withdraw-validate').click();
    await enterCode(counter);
    const second = await nextValidate(counter, () => counter.getByTestId('withdraw-validate').click());
    expect(second.status).toBe(200);
    expect(second.key).not.toBe(first.key);
    expect(second.key).not.toBe('');
    await expect(counter.getByTestId('payout-success')).toBeVisible();
  });

  test('ticking says why the withdrawal cannot be held: another counter, then cancelled', async ({
    browser,
    request,
  }) => {
    const alice = await account(request);
    await fund(alice.userId, 300_00n);
    const agency = await casablanca(request, alice);
    const held = await withdrawal(request, alice, agency);
    const other = await account(request, await newTeller());
    const teller = await account(request, await newTeller());
    const counter = await pageFor(browser, teller);

    // Another counter holds it: the customer cannot cancel, and this teller's tick is refused.
    const elsewhere = await request.post(`/api/withdrawals/${held.token}/reserve/`, {
      headers: auth(other),
      data: { id: held.id },
    });
    expect(elsewhere.status()).toBe(200);
    const cancel = await request.post(`/api/transactions/${held.id}/cancel/`, { headers: auth(alice) });
    expect(cancel.status()).toBe(409);
    await counter.goto(`/withdraw?transaction=${held.token}&lang=fr`);
    // A click, not check(): the refused tick may be undone before Playwright reads the box (on a quiet machine
    // it is), and check() then fails on "did not change its state". The outcome is asserted below.
    await counter.getByTestId('confirm-amount').click();
    await expect(counter.getByTestId('withdraw-reserve-error')).toHaveText(
      'Ce retrait est en cours de paiement à un autre guichet.',
    );
    await expect(counter.getByTestId('confirm-amount')).not.toBeChecked();

    // The other counter gives it back, the customer cancels: the tick now says it was cancelled.
    const release = await request.post(`/api/withdrawals/${held.token}/release/`, {
      headers: auth(other),
      data: { id: held.id },
    });
    expect(release.status()).toBe(200);
    expect((await request.post(`/api/transactions/${held.id}/cancel/`, { headers: auth(alice) })).status()).toBe(200);
    await counter.getByTestId('confirm-amount').click();
    await expect(counter.getByTestId('withdraw-transaction')).toContainText('Ce retrait a été annulé.');
    await expect(counter.getByTestId('confirm-amount')).toHaveCount(0);
  });
});
