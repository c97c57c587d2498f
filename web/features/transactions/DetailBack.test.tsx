import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { backFrom, Component as TransactionDetailPage } from './TransactionDetailPage';
import { TransactionList } from './TransactionList';

/**
 * The back arrow of a transaction's detail returns to where it was opened from: the history with its filters and
 * page as they were; home only when the detail was opened directly.
 */

const row = {
  id: 55,
  amount: '120.00',
  currency: 'MAD',
  category: 'sending',
  status: 'completed',
  date: '2026-11-23T10:00:00.000Z',
  sender: 1,
  recipient: 12,
  contact: 7,
  sender_first_name: 'Amina',
  sender_last_name: 'B',
  recipient_first_name: 'Youssef',
  recipient_last_name: 'El Amrani',
  recipient_phone_number: null,
  recipient_address: null,
  recipient_zip_code: null,
  recipient_city: null,
  tx_id: null,
  token: null,
  identifier: null,
  validated: false,
  expires_at: null,
  validated_at: null,
};

function api() {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    if (call.url.startsWith('/api/transactions/55/')) return { status: 200, body: row };
    if (call.url.startsWith('/api/transactions/')) return { status: 200, body: { count: 1, next: null, previous: null, results: [row] } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function open(route: string) {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/transactions" element={<TransactionList pageSize={10} />} />
        <Route path="/transactions/:id" element={<TransactionDetailPage />} />
        <Route path="/" element={<p>home</p>} />
      </Routes>
      <Where />
    </>,
    route,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the back arrow of a transaction's detail", () => {
  it('returns to the history with the filters chosen there, still applied', async () => {
    const calls = api();
    open('/transactions');
    await screen.findAllByTestId('transaction-row');
    fireEvent.click(screen.getByTestId('filters-toggle'));
    fireEvent.change(screen.getByTestId('filter-category'), { target: { value: 'sending' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/transactions?category=sending'));
    fireEvent.click(await screen.findByTestId('transaction-row'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/transactions\/55\?/));
    const back = await screen.findByTestId('back-link');
    expect(back.getAttribute('href')).toBe('/transactions?category=sending');
    fireEvent.click(back);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/transactions?category=sending'));
    // The filter is on again: its chip shows and the list is asked with it.
    expect(await screen.findByTestId('filter-chip-category')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/transactions/?')).at(-1)?.url).toContain('category=sending');
  });

  it('goes home when the detail was opened directly', async () => {
    api();
    open('/transactions/55?category=sending');
    const back = await screen.findByTestId('back-link');
    expect(back.getAttribute('href')).toBe('/');
  });

  it('only ever leads to a path of this app', () => {
    expect(backFrom({ from: '/transactions?page=2' })).toBe('/transactions?page=2');
    expect(backFrom({ from: 'https://evil.example' })).toBeUndefined();
    expect(backFrom({ from: '//evil.example' })).toBeUndefined();
    expect(backFrom({ from: '/\\evil.example' })).toBeUndefined();
    expect(backFrom(null)).toBeUndefined();
  });
});
