import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { TransactionList } from './TransactionList';

const row = (id: number) => ({
  id,
  amount: '10.00',
  currency: 'MAD',
  category: 'reception',
  status: 'completed',
  date: '2026-11-23T10:00:00.000Z',
  sender: 2,
  recipient: 1,
  contact: null,
  sender_first_name: 'Youssef',
  sender_last_name: 'El Amrani',
  recipient_first_name: 'Amina',
  recipient_last_name: 'B',
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
});
const page = (count: number) => ({
  count,
  next: null,
  previous: null,
  results: Array.from({ length: Math.min(count, 10) }, (_, i) => row(i + 1)),
});

/** Transactions: `count` of them unfiltered, none once any filter is on. */
function api(count: number) {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/'))
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 200, body: page(/[?&](category|amount|start_date)=/.test(call.url) ? 0 : count) };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('transaction lists', () => {
  it('a filter that matches nothing says so and offers to clear the filters', async () => {
    api(3);
    renderWithProviders(<TransactionList pageSize={10} />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('filters-toggle'));
    fireEvent.change(screen.getByTestId('filter-category'), { target: { value: 'sending' } });
    await screen.findByTestId('transactions-no-match');
    expect(screen.queryByTestId('transactions-empty')).toBeNull();
    fireEvent.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
  });

  it('filters are a compact row: closed at first, a chip per active filter in the locale, each removable', async () => {
    const calls = api(3);
    renderWithProviders(<TransactionList pageSize={10} />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    const toggle = screen.getByTestId('filters-toggle');
    expect(screen.queryByTestId('transaction-filters')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.input(screen.getByTestId('filter-start'), { target: { value: '2026-11-03' } });
    fireEvent.input(screen.getByTestId('filter-amount'), { target: { value: '1605' } });
    expect(screen.getByTestId('filter-chip-startDate').textContent).toMatch(/^Du 3 nov\. 2026/);
    expect(screen.getByTestId('filter-chip-amount').textContent).toMatch(/^1\s605,00\sMAD/);
    expect(toggle.textContent).toBe('Filtres · 2');
    // Closed again, the chips still say what is on; removing one asks again without it.
    fireEvent.click(toggle);
    expect(screen.queryByTestId('transaction-filters')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-chip-startDate'));
    expect(screen.queryByTestId('filter-chip-startDate')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.url).toContain('amount=1605.00'));
    expect(calls.at(-1)?.url).not.toContain('start_date');
  });

  it('an end date before the start date is said on the filters and not asked of the server', async () => {
    const calls = api(3);
    renderWithProviders(<TransactionList pageSize={10} />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('filters-toggle'));
    fireEvent.input(screen.getByTestId('filter-start'), { target: { value: '2026-11-20' } });
    fireEvent.input(screen.getByTestId('filter-end'), { target: { value: '2026-11-03' } });
    expect(screen.getByTestId('filter-dates-error').textContent).toBe('La date de fin doit suivre la date de début.');
    expect(screen.getByTestId('filter-end').getAttribute('aria-invalid')).toBe('true');
    // Closing the filters keeps the mistake in view until it is fixed.
    fireEvent.click(screen.getByTestId('filters-toggle'));
    expect(screen.getByTestId('filter-dates-error')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    expect(calls.some((call) => call.url.includes('end_date'))).toBe(false);
    fireEvent.input(screen.getByTestId('filter-end'), { target: { value: '2026-11-25' } });
    expect(screen.queryByTestId('filter-dates-error')).toBeNull();
    await waitFor(() => expect(calls.at(-1)?.url).toContain('end_date=2026-11-26'));
  });

  it('shows paging only with more than one page', async () => {
    api(3);
    const { unmount } = renderWithProviders(<TransactionList pageSize={10} />);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(3));
    expect(screen.queryByTestId('pagination')).toBeNull();
    unmount();
    api(11);
    renderWithProviders(<TransactionList pageSize={10} />);
    await screen.findByTestId('pagination');
  });
});
