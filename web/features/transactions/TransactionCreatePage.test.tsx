import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { Component as TransactionCreatePage } from './TransactionCreatePage';
import { ratesAnswer } from './rates-fixture';
import { testUser } from '../../shared/users/user.fixtures';

const user = testUser({ balance: '500.00' });
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
    const body = url.startsWith('/api/users/')
      ? { count: 1, next: null, previous: null, results: [user] }
      : url.startsWith('/api/rates/')
        ? ratesAnswer()
        : contact;
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  });
  return keys;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/transactions/create', Component: TransactionCreatePage }], {
    initialEntries: ['/transactions/create?contact=4&transaction=send'],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A fresh page: a new router, a new query cache, as after a reload or leaving and coming back. */
async function sendFromAFreshPage(amount: string) {
  const view = renderPage();
  await screen.findByText(/Youssef/);
  fireEvent.input(screen.getByTestId('create-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('create-next'));
  fireEvent.input(await screen.findByTestId('pin-input'), { target: { value: '135790' } });
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

describe('send: amounts as the locale writes them', () => {
  function apiAnswering(): unknown[] {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && typeof init.body === 'string') bodies.push(JSON.parse(init.body));
      const body = url.startsWith('/api/users/')
        ? { count: 1, next: null, previous: null, results: [{ ...user, balance: '1605.00' }] }
        : url.startsWith('/api/rates/')
          ? ratesAnswer()
          : contact;
      return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    });
    return bodies;
  }

  it('Max fills the amount in French format, the field says MAD, and Arabic-Indic digits are read', async () => {
    const bodies = apiAnswering();
    renderPage();
    await screen.findByText(/Youssef/);
    expect(screen.getByTestId('amount-currency').textContent).toBe('MAD');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('create-max').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('create-max'));
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value).toBe('1\u202F605,00');
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '١٥٠' } });
    fireEvent.click(screen.getByTestId('create-next'));
    fireEvent.input(await screen.findByTestId('pin-input'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('create-confirm'));
    await waitFor(() => expect(bodies).toEqual([{ amount: '150.00', contact: 4, security_code: '135790' }]));
  });

  it("refuses '2,000' in French as ambiguous instead of reading 2.00", async () => {
    apiAnswering();
    renderPage();
    await screen.findByText(/Youssef/);
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '2,000' } });
    fireEvent.click(screen.getByTestId('create-next'));
    expect((await screen.findByTestId('create-error')).textContent).toContain('Montant ambigu');
  });
});

describe('send: the recipient named in the address', () => {
  it('cannot go on while the recipient is loading, and goes on to the code once it is here', async () => {
    let answerContact: (() => void) | undefined;
    vi.stubGlobal('fetch', (url: string) => {
      const respond = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/users/'))
        return Promise.resolve(respond({ count: 1, next: null, previous: null, results: [user] }));
      if (url.startsWith('/api/rates/')) return Promise.resolve(respond(ratesAnswer()));
      return new Promise<Response>((resolve) => (answerContact = () => resolve(respond(contact))));
    });
    renderPage();
    await screen.findByTestId('create-max');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('create-max').disabled).toBe(false));
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '25' } });
    // Bounds and balance are here, the recipient is not: a tap must not say to choose one.
    expect(screen.getByTestId<HTMLButtonElement>('create-next').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('create-next'));
    expect(screen.queryByTestId('create-error')).toBeNull();
    answerContact?.();
    await screen.findByText(/Youssef/);
    fireEvent.click(screen.getByTestId('create-next'));
    expect(await screen.findByTestId('pin-input')).toBeDefined();
  });
});
