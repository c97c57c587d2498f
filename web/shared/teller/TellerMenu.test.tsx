import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../api/query-client';
import '../../i18n/i18n';
import { testUser } from '../users/user.fixtures';
import { TellerBar } from './TellerBar';
import { TellerMenu } from './TellerMenu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const teller = testUser({
  id: 12,
  first_name: 'Nadia',
  last_name: 'Test',
  role: 'BANKER',
  agency: { id: 3, name: 'Wallet Casablanca Centre', address: '120 Boulevard Mohammed V', zip_code: '20250', city: 'Casablanca' },
});

/** The app's layout in small: the bar above whatever screen the teller is on; every request is recorded. */
function open(user: User, path: string) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    sent.push(`${init.method ?? 'GET'} ${url} ${new Headers(init.headers).get('Authorization') ?? ''}`.trim());
    if (url.startsWith('/api/users/')) return Promise.resolve(Response.json({ count: 1, next: null, previous: null, results: [user] }));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  localStorage.setItem('token', 'counter-token');
  const screenOf = (name: string) => () => <p>{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <TellerMenu />
            <Outlet />
          </>
        ),
        children: [
          { path: '/withdraw', Component: screenOf('counter') },
          { path: '/settings/profile', Component: screenOf('profile') },
          { path: '/settings/security-code', Component: screenOf('security code') },
          { path: '/auth', Component: screenOf('welcome') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, router };
}

describe('the teller menu', () => {
  it('names the agency on the counter and opens on the agency, its address and who is signed in', async () => {
    open(teller, '/withdraw');
    expect((await screen.findByTestId('teller-bar-agency')).textContent).toContain('Wallet Casablanca Centre');
    expect(screen.queryByTestId('teller-menu')).toBeNull();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.textContent).toContain('120 Boulevard Mohammed V');
    expect(menu.textContent).toContain('Casablanca');
    expect(menu.textContent).toContain('Nadia Test');
  });

  it('leads to the settings and to a new security code, and closes on the way', async () => {
    open(teller, '/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Changer mon code de sécurité' }));
    expect(await screen.findByText('security code')).toBeTruthy();
    expect(screen.queryByTestId('teller-menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Paramètres' }));
    expect(await screen.findByText('profile')).toBeTruthy();
  });

  it('closes as an item is tapped, while the screen it leads to is still on its way', async () => {
    // The bar alone, not remounted by the new address: as it stays while the next screen's guard and code load.
    const router = createMemoryRouter([{ path: '*', element: <TellerBar user={teller} /> }], {
      initialEntries: ['/withdraw'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Changer mon code de sécurité' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/security-code'));
    expect(screen.queryByTestId('teller-menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the menu and gives the focus back to its button', async () => {
    open(teller, '/withdraw');
    const button = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('teller-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('signs out: the token is forgotten here, the server ends that session, and the counter shows the welcome', async () => {
    const { sent } = open(teller, '/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByText('welcome')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(sent).toContain('POST /api/auth/logout/ Bearer counter-token'));
    // The sign-in screens have no bar: nobody is signed in there.
    expect(screen.queryByTestId('teller-bar')).toBeNull();
  });

  it('shows nothing to a customer', async () => {
    const { sent } = open(testUser(), '/withdraw');
    await screen.findByText('counter');
    await waitFor(() => expect(sent).toContain('GET /api/users/ Bearer counter-token'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('teller-bar')).toBeNull();
  });
});
