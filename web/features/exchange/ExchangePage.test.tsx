import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch, type RecordedCall } from '../contacts/test-support';
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
  locked_until: null,
});

function api(subscribed = false): RecordedCall[] {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) {
      return {
        status: 200,
        body: { count: 1, next: null, previous: null, results: [{ ...user, subscription: subscribed }] },
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
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.change(input, { target: { value: '100' } });
    // Figures follow the typing at once; nothing is sent before the debounce.
    expect(screen.getByTestId('exchange-mad').textContent?.replace(/\s/g, ' ')).toBe('1 070,00 MAD');
    expect(writes(calls)).toEqual([]);
    await waitFor(() => expect(writes(calls)).toEqual([['POST', '/api/exchanges/', { from_amount: '100.00' }]]));

    fireEvent.change(input, { target: { value: '120,5' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual(['PATCH', '/api/exchanges/9/', { from_amount: '120.50' }]);
    await waitFor(() => expect(screen.getByTestId('exchange-validate').getAttribute('data-ready')).toBe('true'));
  });

  it('shows the minimum message under 1 EUR and sends nothing', async () => {
    const calls = api();
    renderWithProviders(<ExchangePage />);
    const input = await screen.findByTestId('exchange-amount');
    fireEvent.change(input, { target: { value: '0.99' } });
    await waitFor(() =>
      expect(screen.getByTestId('exchange-error').textContent).toBe('Veuillez saisir un montant supérieur à 1 €.'),
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
    fireEvent.change(input, { target: { value: '100' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(writes(calls)).toHaveLength(1);

    fireEvent.change(input, { target: { value: '150' } });
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(writes(calls)).toEqual([
      ['POST', '/api/exchanges/', { from_amount: '100.00' }],
      ['POST', '/api/exchanges/', { from_amount: '150.00' }],
    ]);
  }, 10_000);

  it('hides the see-rates link for subscribers', async () => {
    api(true);
    renderWithProviders(<ExchangePage />);
    await screen.findByTestId('exchange-amount');
    expect(screen.queryByTestId('see-rates')).toBeNull();
  });
});
