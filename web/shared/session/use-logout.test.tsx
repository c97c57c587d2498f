import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      logout
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('logout', () => {
  it('signs out at once while the server never answers (offline), and still asks it to end that token', async () => {
    const sent: (string | null)[] = [];
    // Offline on a phone often means no answer at all, not a quick failure.
    vi.stubGlobal('fetch', (_url: string, init: RequestInit = {}) => {
      sent.push(new Headers(init.headers).get('Authorization'));
      return new Promise<Response>(() => undefined);
    });
    localStorage.setItem('token', 'abc');
    localStorage.setItem('role', 'customer');
    localStorage.setItem('latitude', '33.573110');
    localStorage.setItem('longitude', '-7.589843');
    const router = createMemoryRouter(
      [
        { path: '/settings/profile', Component: LogoutButton },
        { path: '/auth', Component: () => <p>welcome</p> },
      ],
      { initialEntries: ['/settings/profile'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await screen.findByText('welcome');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    // The next person on a shared phone does not inherit where this one was.
    expect(localStorage.getItem('latitude')).toBeNull();
    expect(localStorage.getItem('longitude')).toBeNull();
    expect(sent).toEqual(['Bearer abc']);
  });
});
