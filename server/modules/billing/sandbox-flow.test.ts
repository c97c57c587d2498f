import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { call, movableClock, signIn, type SignedIn } from '../../../tests/support/identity.ts';
import { exchangeEntries, me, newDraft, startCardApp, validated, type Body } from './billing.fixtures.ts';

const clock = movableClock();
let t: TestApp;
// The clock moves by months here: sessions must outlive it.
beforeAll(async () => ({ t } = await startCardApp({ env: { SESSION_TTL_SECONDS: String(300 * 86_400) }, clock })));
afterAll(() => t.close());

/** The browser's form post, without JavaScript and without following the redirect. */
async function submit(path: string, fields: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

const card = (number: string) => ({ card_number: number, expiry: '12/34', cvc: '123' });
const sessionView = (s: SignedIn, id: string) =>
  call<Body>(t, 'GET', `/api/billing/sessions/${id}/`, { token: s.token });

describe('sandbox checkout over HTTP', () => {
  it('shows the amount and merchant, declines 4000…0002 with its message, then pays with 4242… and credits once', async () => {
    const s = await signIn(t);
    const { exchange, session, url } = await validated(t, s, '100.00');
    const page = await fetch(new URL(new URL(url).pathname, t.baseUrl), { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // English by default (en-GB: the code before the number, as the app's Intl formatting writes it).
    expect(html.replaceAll('\u00a0', ' ')).toContain(`${String(exchange.total_amount)} EUR`);
    expect(html).toContain('<h1>Sila</h1>');
    expect(html).toContain(`action="/sandbox/checkout/${session}/pay"`);
    expect(html).toContain('href="/sandbox/sandbox.css"');
    expect(html).not.toMatch(/style=|<style|<script/);
    const css = await fetch(`${t.baseUrl}/sandbox/sandbox.css`);
    expect(css.headers.get('content-type')).toContain('text/css');

    const declined = await submit(`/sandbox/checkout/${session}/pay`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    // What to do, not only what happened: another card.
    expect(declined.text).toContain(
      'Your card was declined: nothing was charged. Try another card, or ask your bank why.',
    );
    // The number typed is never echoed back into the page.
    expect(declined.text).not.toContain('value=');
    expect((await me(t, s)).balance).toBe('0.00');
    expect((await sessionView(s, session)).body).toMatchObject({ status: 'open', to_amount: null });
    for (const bad of [
      card('1234'),
      { ...card('4242424242424242'), expiry: '01/20' },
      { ...card('4242424242424242'), cvc: 'x' },
      {},
    ]) {
      expect((await submit(`/sandbox/checkout/${session}/pay`, bad)).status).toBe(402);
    }

    const paid = await submit(`/sandbox/checkout/${session}/pay`, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/exchange?session=${session}&status=success`);
    expect((await me(t, s)).balance).toBe(exchange.to_amount);
    expect((await sessionView(s, session)).body).toMatchObject({
      status: 'paid',
      outcome: 'credited',
      to_amount: exchange.to_amount,
      balance: exchange.to_amount,
    });
    // Paying the same checkout again (back button, double submit) takes nothing more.
    expect((await submit(`/sandbox/checkout/${session}/pay`, card('4242424242424242'))).status).toBe(409);
    expect(await exchangeEntries(t, exchange.id)).toHaveLength(1);
    expect((await me(t, s)).balance).toBe(exchange.to_amount);
    // Another customer cannot read the result; an unknown session is a JSON 404.
    expect((await sessionView(await signIn(t), session)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/sandbox/checkout/ps_nope`)).status).toBe(404);
  });

  it('refuses to take a payment once the rate lock has passed', async () => {
    const s = await signIn(t);
    const { session } = await validated(t, s, '30.00');
    clock.advance(31 * 60);
    const page = await fetch(`${t.baseUrl}/sandbox/checkout/${session}`);
    expect(await page.text()).toContain('This checkout has expired');
    expect((await submit(`/sandbox/checkout/${session}/pay`, card('4242424242424242'))).status).toBe(409);
    expect((await me(t, s)).balance).toBe('0.00');
  });
});

describe('subscription', () => {
  it('subscribes through the checkout, gives the better rate, renews, fails a renewal, and cancels at period end', async () => {
    const s = await signIn(t);
    const before = await me(t, s);
    expect(before).toMatchObject({ subscription: false, rate_delta: before.rate_freemium });
    expect((await call(t, 'GET', '/api/billing/cancel_subscription/', { token: s.token })).status).toBe(400);

    const created = await call<{ url: string }>(t, 'GET', '/api/billing/create_subscription/', { token: s.token });
    expect(created.status).toBe(200);
    const session = created.body.url.split('/').pop() ?? '';
    const checkout = await (await fetch(created.body.url.replace(/^http:\/\/[^/]+/, t.baseUrl))).text();
    expect(checkout.replaceAll('\u00a0', ' ')).toContain('4.50 EUR / month');
    const paid = await submit(`/sandbox/checkout/${session}/pay`, card('4242424242424242'));
    expect(paid.location).toBe(`/rates?session=${session}&status=success`);

    const after = await me(t, s);
    expect(after).toMatchObject({ subscription: true, rate_delta: after.rate_subscription });
    const draft = await call<Body>(t, 'POST', '/api/exchanges/', { token: s.token, body: { from_amount: 100 } });
    expect(draft.body.rate).toBe(after.rate_subscription);
    expect((await call(t, 'GET', '/api/billing/create_subscription/', { token: s.token })).status).toBe(400);

    const revenue = async () =>
      t.database.db
        .selectFrom('subscription_payments as p')
        .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
        .select(['p.amount'])
        .where('s.user_id', '=', String(s.userId))
        .execute();
    expect(await revenue()).toEqual([{ amount: '450' }]);
    const state1 = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    expect(state1.body).toMatchObject({ active: true, status: 'active', cancel_at_period_end: false, price: '4.50' });

    expect((await submit(`/sandbox/checkout/${session}/renew`)).status).toBe(303);
    expect(await revenue()).toHaveLength(2);
    const state2 = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    expect(Date.parse(String(state2.body.current_period_end))).toBeGreaterThan(
      Date.parse(String(state1.body.current_period_end)),
    );

    // A failed renewal now is stale (the period was just extended); it only counts near the period's end.
    await submit(`/sandbox/checkout/${session}/renew_failed`);
    expect((await me(t, s)).subscription).toBe(true);

    const cancelled = await call<Body>(t, 'GET', '/api/billing/cancel_subscription/', { token: s.token });
    expect(cancelled.body).toMatchObject({ active: true, cancel_at_period_end: true });
    expect((await me(t, s)).subscription).toBe(true);
    clock.advance(70 * 86_400);
    const ended = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    expect(ended.body).toMatchObject({ active: false });
    const rate = await call<Body>(t, 'POST', '/api/exchanges/', { token: s.token, body: { from_amount: 100 } });
    expect(rate.body.rate).toBe(after.rate_freemium);
  });

  it('a failed renewal at the period end keeps the better rate through the grace window, then it lapses', async () => {
    const s = await signIn(t);
    const created = await call<{ url: string }>(t, 'GET', '/api/billing/create_subscription/', { token: s.token });
    const session = created.body.url.split('/').pop() ?? '';
    await submit(`/sandbox/checkout/${session}/pay`, card('4242424242424242'));
    expect((await me(t, s)).subscription).toBe(true);
    const paid = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    clock.advance((Date.parse(String(paid.body.current_period_end)) - clock.now().getTime()) / 1000 + 60);
    await submit(`/sandbox/checkout/${session}/renew_failed`);
    const state = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    expect(state.body).toMatchObject({ active: true, status: 'past_due' });
    clock.advance(3 * 86_400);
    const lapsed = await call<Body>(t, 'GET', '/api/billing/subscription/', { token: s.token });
    expect(lapsed.body).toMatchObject({ active: false, status: 'past_due' });
    expect((await me(t, s)).subscription).toBe(false);
  });

  it("speaks the customer's language: the session's, else ?lang=, else Accept-Language, else English", async () => {
    const s = await signIn(t);
    const draft = await newDraft(t, s, '25.00');
    const res = await call<{ url: string }>(t, 'GET', `/api/exchanges/${String(draft.body.id)}/validate/?lang=de`, {
      token: s.token,
    });
    expect(res.status).toBe(200);
    const german = await fetch(new URL(new URL(res.body.url).pathname, t.baseUrl), {
      headers: { 'accept-language': 'fr' },
    });
    const page = (await german.text()).replaceAll('\u00a0', ' ');
    // The session was started in German: the browser's French does not override the app's choice.
    expect(page).toContain('<html lang="de" dir="ltr">');
    expect(page).toContain('Kartennummer');
    expect(page).toMatch(/>\d+,\d{2} EUR bezahlen</);
    expect(page).not.toContain('Card number');
    const session = res.body.url.split('/').pop() ?? '';
    const declined = await submit(`/sandbox/checkout/${session}/pay`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(declined.text).toContain(
      'Ihre Karte wurde abgelehnt: Es wurde nichts abgebucht. Versuchen Sie eine andere Karte',
    );

    // A session with no language (started without ?lang=): the request decides, Arabic right to left.
    const { url } = await validated(t, s, '10.00');
    const arabic = await (
      await fetch(new URL(new URL(url).pathname, t.baseUrl), { headers: { 'accept-language': 'ar-MA,ar;q=0.9' } })
    ).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('رقم البطاقة');
    const english = await (
      await fetch(new URL(new URL(url).pathname, t.baseUrl), { headers: { 'accept-language': 'ja' } })
    ).text();
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('Card number');
  });
});
