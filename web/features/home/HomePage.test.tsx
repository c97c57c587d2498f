import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { RecentTransactions } from './RecentTransactions';
import { Component as HomePage } from './HomePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the signed-in home', () => {
  it('asks for the recent transactions in the same round as the user, not after it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      // The user never answers in this test.
      if (url.startsWith('/api/users/')) return new Promise<Response>(() => undefined);
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    renderWithProviders(<HomePage />);
    // The user has not answered yet, and the transactions are already on their way.
    await waitFor(() => expect(asked.some((url) => url.startsWith('/api/transactions/'))).toBe(true));
    expect(asked.filter((url) => url.startsWith('/api/users/'))).toHaveLength(1);
  });

  it("hides 'see all' with no transactions", async () => {
    stubFetch(() => ({ status: 200, body: { count: 0, next: null, previous: null, results: [] } }));
    renderWithProviders(<RecentTransactions banker={false} />);
    await screen.findByTestId('transactions-empty');
    expect(screen.queryByTestId('see-all-transactions')).toBeNull();
  });

  it("a teller's home shows what the agency paid out today, count and total, and no balance", async () => {
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/users/'))
        return {
          status: 200,
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [{ id: 9, role: 'BANKER', first_name: 'Youssef', last_name: 'T', balance: '0.00', rate: '10.85' }],
          },
        };
      if (call.url.startsWith('/api/withdrawals/today/'))
        return { status: 200, body: { date: '2026-11-23', count: 3, total: '1605.00' } };
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    });
    renderWithProviders(<HomePage />);
    await screen.findByTestId('banker-home');
    await waitFor(() => expect(screen.getByTestId('payouts-today-count').textContent).toBe('3 paiements'));
    expect(screen.getByTestId('payouts-today-total').textContent).toMatch(/^1\s605,00\sMAD$/);
    expect(screen.queryByTestId('balance-mad')).toBeNull();
    // Today is the browser's day: the zone goes with the question.
    expect(calls.find((c) => c.url.startsWith('/api/withdrawals/today/'))?.url).toMatch(/\?tz=/);
  });

  it('gives the money actions an icon each, and says the EUR line is at the official rate', async () => {
    stubFetch((call) => {
      if (call.url.startsWith('/api/users/'))
        return {
          status: 200,
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [{ id: 4, role: 'CUSTOMER', first_name: 'Nadia', last_name: 'B', balance: '1605.00', rate: '10.85' }],
          },
        };
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    });
    renderWithProviders(<HomePage />);
    await screen.findByTestId('customer-home');
    expect(screen.getByTestId('balance-eur').textContent).toMatch(/^soit .*147,93\sEUR.* au taux officiel du jour$/);
    for (const kind of ['send', 'add', 'withdraw']) {
      const action = screen.getByTestId(`home-${kind}`);
      expect(action.querySelector('svg')).not.toBeNull();
      // The icon is decoration: the link's name is its label alone.
      expect(action.querySelector('[aria-hidden="true"]')?.contains(action.querySelector('svg'))).toBe(true);
    }
    expect(screen.getByTestId('home-send').textContent).toBe("Envoyer de l’argent");
  });
});
