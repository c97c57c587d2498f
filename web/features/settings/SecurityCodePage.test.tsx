import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { CURRENT_USER_KEY } from '../../shared/users/use-current-user';
import { Component as SecurityCodePage } from './SecurityCodePage';
import { testUser } from '../../shared/users/user.fixtures';

const user = testUser({
  first_name: '',
  last_name: '',
  country: null,
  has_security_code: false,
  has_full_profile: false,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_KEY, user);
  const router = createMemoryRouter(
    [
      { path: '/settings/security-code', Component: SecurityCodePage },
      { path: '/settings/profile', Component: () => <p>profile page</p> },
    ],
    { initialEntries: ['/settings/security-code?onboarding=true'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function tap(code: string) {
  for (const digit of code) fireEvent.click(screen.getByRole('button', { name: digit }));
}

const submit = () => fireEvent.click(screen.getByTestId('security-code-submit'));

describe('security code screen', () => {
  it('fills the code from the keypad, deletes with the delete key, and accepts typing too', () => {
    renderPage();
    tap('1234');
    fireEvent.click(screen.getByTestId('keypad-delete'));
    expect(screen.getByTestId<HTMLInputElement>('pin-input').value).toBe('123');
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '98x7654321' } });
    expect(screen.getByTestId<HTMLInputElement>('pin-input').value).toBe('987654');
  });

  it('says the code must have 6 digits', () => {
    renderPage();
    tap('12');
    submit();
    expect(screen.getByTestId('security-code-error').textContent).toBe('Le code de sécurité doit comporter 6 chiffres.');
  });

  it('refuses a code anyone would try first before asking to confirm it, and says why', () => {
    renderPage();
    tap('123456');
    submit();
    expect(screen.getByTestId('security-code-error').textContent).toBe(
      'Ce code est trop facile à deviner. Choisissez 6 chiffres sans suite ni répétition.',
    );
    expect(screen.getByTestId('security-code-step').textContent).toBe('Étape 1 sur 2');
    expect(screen.getByTestId<HTMLInputElement>('pin-input').value).toBe('');
  });

  it('resets to the first step on a mismatch, then saves a match and goes to the profile carrying onboarding', async () => {
    // The screen also refreshes the current user (GET /api/users/); only the writes matter here.
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({ ...user, has_security_code: true })
          : json({ count: 1, next: null, previous: null, results: [user] }),
      ),
    );
    const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    vi.stubGlobal('fetch', fetchMock);
    const router = renderPage();

    expect(screen.getByLabelText('Choisissez un code de sécurité à 6 chiffres')).toBeTruthy();
    // Where the user is: first entry, then the confirmation.
    expect(screen.getByTestId('security-code-step').textContent).toBe('Étape 1 sur 2');
    tap('135790');
    submit();
    expect(screen.getByLabelText('Saisissez à nouveau le code pour le confirmer')).toBeTruthy();
    expect(screen.getByTestId('security-code-step').textContent).toBe('Étape 2 sur 2');
    tap('135791');
    submit();
    expect(screen.getByTestId('security-code-error').textContent).toBe('Les codes ne correspondent pas, réessayez...');
    expect(screen.getByLabelText('Choisissez un code de sécurité à 6 chiffres')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('pin-input').value).toBe('');
    expect(writes()).toEqual([]);

    tap('246810');
    submit();
    tap('246810');
    await act(async () => {
      submit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    });
    expect(router.state.location.search).toContain('onboarding=true');
    expect(writes()).toHaveLength(1);
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/users/7/security_code/');
    expect(JSON.parse(init?.body as string)).toEqual({ security_code: '246810' });
  });
});
