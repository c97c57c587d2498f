import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { RecentTransactions } from './RecentTransactions';
import { Component as HomePage } from './HomePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the signed-in home (issue 26 item 9)', () => {
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
});
