import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../../app/query-client';
import '../../i18n/i18n';
import { Component as TransactionCreatePage } from './TransactionCreatePage';

const user: User = {
  id: 7,
  first_name: 'Amina',
  last_name: 'B',
  email: 'amina@example.com',
  phone_number: null,
  phone_auth: false,
  country: 'FR',
  role: 'customer',
  balance: '500.00',
  rate: '10.8500',
  rate_delta: '10.7000',
  rate_freemium: '10.7000',
  rate_subscription: '10.8000',
  subscription: false,
  account_id: '0xabc',
  has_security_code: true,
  has_full_profile: true,
};
const contact = { id: 4, first_name: 'Youssef', last_name: 'E', public: false, contact_user: 9 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The API as the page sees it; every POST is lost on the way back (the network dropped the answer). */
function apiLosingAnswers(): string[] {
  const keys: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    const body = url.startsWith('/api/users/') ? { count: 1, next: null, previous: null, results: [user] } : contact;
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  });
  return keys;
}

/** A fresh page: a new router, a new query cache, as after a reload or leaving and coming back. */
async function sendFromAFreshPage(amount: string) {
  const router = createMemoryRouter([{ path: '/transactions/create', Component: TransactionCreatePage }], {
    initialEntries: ['/transactions/create?contact=4&transaction=send'],
  });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByText(/Youssef/);
  fireEvent.change(screen.getByTestId('create-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('create-next'));
  fireEvent.change(await screen.findByTestId('pin-input'), { target: { value: '135790' } });
  fireEvent.click(screen.getByTestId('create-confirm'));
  await screen.findByText('Pas de connexion. Vérifiez votre réseau et réessayez.');
  view.unmount();
}

describe('send: one Idempotency-Key per intent', () => {
  it('a send whose answer was lost, sent again from a fresh page, reuses its key; another amount does not', async () => {
    const keys = apiLosingAnswers();
    await sendFromAFreshPage('25');
    await sendFromAFreshPage('25');
    await sendFromAFreshPage('26');
    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
