import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { Component as ExchangePage } from './ExchangePage';

const user = {
  id: 1,
  first_name: 'Amina',
  last_name: 'B',
  email: 'a@example.com',
  phone_number: null,
  phone_auth: false,
  country: 'FR',
  role: 'customer',
  balance: '0.00',
  rate: '10.8500',
  rate_delta: '10.7000',
  rate_freemium: '10.7000',
  rate_subscription: '10.8000',
  subscription: false,
  account_id: '0xabc',
  has_security_code: true,
  has_full_profile: true,
  level: 1,
  limits: [] as unknown[],
};
const rates = {
  official: '10.8500',
  freemium: '10.7000',
  subscription: '10.8000',
  fee: '0.016000',
  subscription_price: '4.50',
  min_amount: '1.00',
  max_amount: '2000.00',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const exchange = (id: number, from: string) => ({
  id,
  from_amount: from,
  to_amount: '0.00',
  fees: '0.016000',
  fee_amount: '0.00',
  total_amount: from,
  rate: '10.7000',
  official_rate: '10.8500',
  validated: false,
  fee_amount_mad: '0.00',
  locked_until: null,
  quote_expires_at: new Date(Date.now() + 600_000).toISOString(),
});

function api(subscribed = false, limits: unknown[] = []): RecordedCall[] {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) {
      return {
        status: 200,
        body: { count: 1, next: null, previous: null, results: [{ ...user, subscription: subscribed, limits }] },
      };
    }
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: rates };
    if (call.url.startsWith('/api/exchanges/?'))
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    const body = call.body as { from_amount: string };
    if (call.method === 'POST') return { status: 201, body: exchange(9, body.from_amount) };
    return { status: 200, body: exchange(9, body.from_amount) };
  });
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExchangePage', () => {
  it('sends the amount after 300 ms of quiet: creates the draft on the first valid amount, then updates it', async () => {
    const calls = api();
    renderWithProviders(<ExchangePage />);
    const input = await screen.findByTestId('exchange-amount');
    await screen.findByTestId('see-rates');
    fireEvent.input(input, { target: { value: '0.5' } });
    fireEvent.input(input, { target: { value: '10' } });
    fireEvent.input(input, { target: { value: '100' } });
    // Figures follow the typing at once; nothing is sent before the debounce.
    expect(screen.getByTestId('exchange-mad').textContent?.replace(/\s/g, ' ')).toBe('1 070,00 MAD');
    expect(writes(calls)).toEqual([]);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', '/api/exchanges/', { from_amount: '100.00' }]]));

    fireEvent.input(input, { target: { value: '120,5' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual(['PATCH', '/api/exchanges/9/', { from_amount: '120.50' }]);
    await waitFor(() => expect(screen.getByTestId('exchange-validate').getAttribute('data-ready')).toBe('true'));
  });

  it('is the shared amount field: the box says its currency, EUR', async () => {
    api();
    renderWithProviders(<ExchangePage />);
    await screen.findByTestId('exchange-amount');
    expect(screen.getByTestId('amount-currency').textContent).toBe('EUR');
  });

  it('shows the minimum message under 1 EUR and sends nothing', async () => {
    const calls = api();
    renderWithProviders(<ExchangePage />);
    const input = await screen.findByTestId('exchange-amount');
    fireEvent.input(input, { target: { value: '0.99' } });
    await waitFor(() =>
      expect(screen.getByTestId('exchange-error').textContent).toBe('Veuillez saisir un montant supérieur à 1 €.'),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(writes(calls)).toEqual([]);
  });

  it("says at once what the level's rolling top-up limit still allows, and saves nothing past it", async () => {
    const topup = {
      kind: 'topup',
      currency: 'EUR',
      limit: '1000.00',
      used: '850.00',
      remaining: '150.00',
      resets_at: '2026-12-20T10:00:00.000Z',
      per_operation: '1000.00',
    };
    const calls = api(false, [topup]);
    renderWithProviders(<ExchangePage />);
    const input = await screen.findByTestId('exchange-amount');
    await screen.findByTestId('see-rates');
    fireEvent.input(input, { target: { value: '200' } });
    await waitFor(() =>
      expect(screen.getByTestId('exchange-error').textContent?.replace(/\s/g, ' ')).toBe(
        'Limite atteinte pour votre niveau : il vous reste 150,00 EUR.',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(writes(calls)).toEqual([]);
  });

  it('sends a refused save once, not again and again; a later edit sends once more', async () => {
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/users/'))
        return { status: 200, body: { count: 1, next: null, previous: null, results: [user] } };
      if (call.url.startsWith('/api/rates/')) return { status: 200, body: rates };
      if (call.url.startsWith('/api/exchanges/?'))
        return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
      return { status: 400, body: { from_amount: ['Refusé'] } };
    });
    // A real server takes a moment to refuse: the screen sees the save pending, then failed (as in the field, 50 ms).
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer(url, init);
    });
    renderWithProviders(<ExchangePage />);
    const input = await screen.findByTestId('exchange-amount');
    fireEvent.input(input, { target: { value: '100' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(writes(calls)).toHaveLength(1);

    fireEvent.input(input, { target: { value: '150' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(writes(calls)).toEqual([
      ['POST', '/api/exchanges/', { from_amount: '100.00' }],
      ['POST', '/api/exchanges/', { from_amount: '150.00' }],
    ]);
  }, 10_000);

  it('shows the saved quote, counts down its last minute, and after a 409 shows the new quote and asks again', async () => {
    const quoteA = {
      ...exchange(9, '100.00'),
      to_amount: '1070.00',
      fee_amount: '1.60',
      total_amount: '101.60',
      fee_amount_mad: '17.00',
      quote_expires_at: new Date(Date.now() + 45_000).toISOString(),
    };
    const quoteB = {
      ...quoteA,
      rate: '10.6000',
      to_amount: '1060.00',
      fee_amount: '2.00',
      total_amount: '102.00',
      fees: '0.020000',
      fee_amount_mad: '22.00',
      quote_expires_at: new Date(Date.now() + 600_000).toISOString(),
    };
    let current = quoteA;
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/users/')) return json(200, { count: 1, next: null, previous: null, results: [user] });
      if (url.startsWith('/api/rates/')) return json(200, rates);
      if (url.startsWith('/api/exchanges/?'))
        return json(200, { count: 1, next: null, previous: null, results: [current] });
      if (url.startsWith('/api/exchanges/9/validate/')) {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (keys.length > 1) return json(400, { detail: 'stop here' });
        current = quoteB;
        return json(409, { detail: 'The rates changed', quote: quoteB });
      }
      return json(500, {});
    });
    renderWithProviders(<ExchangePage />);
    const validate = await screen.findByTestId('exchange-validate');
    await waitFor(() => expect(validate.getAttribute('data-ready')).toBe('true'));
    const flat = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');
    expect(flat('exchange-mad')).toBe('1 070,00 MAD');
    expect(flat('exchange-validate')).toBe('Payer 101,60 EUR par carte');
    expect(flat('quote-countdown')).toMatch(/^Prix garanti encore 0:4\d$/);

    fireEvent.click(validate);
    await waitFor(() => expect(flat('exchange-mad')).toBe('1 060,00 MAD'));
    expect(flat('exchange-requoted')).toBe(
      'Les taux ont changé : vérifiez les nouveaux montants, puis payez à nouveau.',
    );
    expect(flat('exchange-validate')).toBe('Payer 102,00 EUR par carte');
    // Ten minutes left: no countdown.
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('exchange-details-toggle'));
    expect(flat('exchange-fees')).toBe('2,00 % = 2,00 EUR');
    expect(flat('exchange-fee-mad')).toBe('22,00 MAD');

    // Asking again is a new question: a new Idempotency-Key.
    await act(async () => {
      fireEvent.click(screen.getByTestId('exchange-validate'));
      await Promise.resolve();
    });
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a checkout whose answer was lost, asked again from a fresh page, reuses its Idempotency-Key', async () => {
    const draft = { ...exchange(9, '100.00'), quote_expires_at: new Date(Date.now() + 600_000).toISOString() };
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/users/')) return json({ count: 1, next: null, previous: null, results: [user] });
      if (url.startsWith('/api/rates/')) return json(rates);
      if (url.startsWith('/api/exchanges/?')) return json({ count: 1, next: null, previous: null, results: [draft] });
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      throw new TypeError('Failed to fetch');
    });
    for (let visit = 0; visit < 2; visit += 1) {
      const view = renderWithProviders(<ExchangePage />);
      const validate = await screen.findByTestId('exchange-validate');
      await waitFor(() => expect(validate.getAttribute('data-ready')).toBe('true'));
      fireEvent.click(validate);
      await waitFor(() => expect(keys).toHaveLength(visit + 1));
      view.unmount();
    }
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    sessionStorage.clear();
  });

  it('hides the see-rates link for subscribers', async () => {
    api(true);
    renderWithProviders(<ExchangePage />);
    await screen.findByTestId('exchange-amount');
    expect(screen.queryByTestId('see-rates')).toBeNull();
  });
});
