import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
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

function renderProfile() {
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
}

/** A browser subscribed to pushes (jsdom has no Push API): records what the page does with the subscription. */
function subscribedBrowser(events: string[]) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    unsubscribe: () => {
      events.push('unsubscribe');
      return Promise.resolve(true);
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: () => Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
    },
  });
}

describe('logout', () => {
  it('unsubscribes this browser from pushes (server and browser) before ending the session on the server', async () => {
    const events: string[] = [];
    subscribedBrowser(events);
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('Authorization');
      events.push(`${init.method} ${url} ${auth} ${typeof init.body === 'string' ? init.body : ''}`.trim());
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    localStorage.setItem('token', 'abc');
    localStorage.setItem('role', 'customer');
    localStorage.setItem('offline', '{"v":1,"user":"12","codes":[]}');
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await screen.findByText('welcome');
    await waitFor(() => expect(events).toHaveLength(3));
    // The DELETE and the browser's unsubscribe both happen (in either order), the revocation after the DELETE.
    expect([...events].sort()).toEqual(
      [
        'DELETE /api/push/subscriptions/ Bearer abc {"endpoint":"https://push.example/abc"}',
        'POST /api/auth/logout/ Bearer abc',
        'unsubscribe',
      ].sort(),
    );
    expect(events.indexOf('POST /api/auth/logout/ Bearer abc')).toBeGreaterThan(
      events.findIndex((e) => e.startsWith('DELETE')),
    );
    expect(localStorage.getItem('token')).toBeNull();
    // The withdrawal and pickup codes kept for offline use are this person's too.
    expect(localStorage.getItem('offline')).toBeNull();
  });

  it('a browser that fails to unsubscribe offline still logs out, and the server is still asked', async () => {
    const events: string[] = [];
    subscribedBrowser(events);
    vi.stubGlobal('fetch', (url: string) => {
      events.push(url);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    localStorage.setItem('token', 'abc');
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await screen.findByText('welcome');
    await waitFor(() => expect(events).toContain('/api/auth/logout/'));
    expect(events).toContain('unsubscribe');
    expect(localStorage.getItem('token')).toBeNull();
  });

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
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await screen.findByText('welcome');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    // The next person on a shared phone does not inherit where this one was.
    expect(localStorage.getItem('latitude')).toBeNull();
    expect(localStorage.getItem('longitude')).toBeNull();
    await waitFor(() => expect(sent).toEqual(['Bearer abc']));
  });
});
