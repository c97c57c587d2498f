import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt } from './app.fixtures';
import type { RouteGate } from './route-gate';

// The gate's answer for each path: a redirect, a failure, or a promise the test settles; any other path passes.
function gateWith(answers: Record<string, () => Promise<string | null>>): RouteGate {
  return (url) => answers[url.pathname]?.() ?? Promise.resolve(null);
}

function deferred() {
  let settle: (redirect: string | null) => void = () => undefined;
  const promise = new Promise<string | null>((resolve) => (settle = resolve));
  return { promise, settle };
}

const welcome = () => screen.findByRole('heading', { level: 1, name: 'Bienvenue' }, { timeout: 8000 });

beforeEach(() => {
  localStorage.clear();
});

describe('the routes behind the gate', () => {
  it('keeps the previous screen until the gate lets the next one through', { timeout: 20_000 }, async () => {
    const step1 = deferred();
    const app = renderAppAt('/auth?lang=fr', gateWith({ '/auth/step1': () => step1.promise }));
    await welcome();
    await act(() => app.navigate('/auth/step1?lang=fr'));
    expect(app.location.pathname).toBe('/auth/step1');
    // Let the screen's chunk arrive: only the gate holds it back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeTruthy();
    expect(screen.queryByTestId('method-email')).toBeNull();
    act(() => step1.settle(null));
    expect(await screen.findByTestId('method-email', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Bienvenue' })).toBeNull();
  });

  it(
    'replaces the location a redirect bounces from, so Back does not land on it again',
    { timeout: 20_000 },
    async () => {
      const app = renderAppAt('/auth/step1?lang=fr', gateWith({ '/contacts': () => Promise.resolve('/auth?lang=fr') }));
      await screen.findByTestId('method-email', {}, { timeout: 8000 });
      await act(() => app.navigate('/contacts?lang=fr'));
      await welcome();
      expect(app.location.pathname).toBe('/auth');
      await act(() => app.navigate(-1));
      await waitFor(() => expect(app.location.pathname).toBe('/auth/step1'));
      expect(await screen.findByTestId('method-email', {}, { timeout: 8000 })).toBeTruthy();
    },
  );

  it(
    'shows the error page when the gate fails (a catalogue that did not load), and the app again after the next navigation',
    { timeout: 20_000 },
    async () => {
      // The error page logs what it caught; here that is expected.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const app = renderAppAt(
        '/auth/step1?lang=fr',
        gateWith({ '/auth/step1': () => Promise.reject(new Error('catalogue did not load')) }),
      );
      const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
      expect(alert.textContent).toContain('Une erreur est survenue.');
      await act(() => app.navigate('/auth?lang=fr'));
      await welcome();
      expect(screen.queryByRole('alert')).toBeNull();
      logged.mockRestore();
    },
  );
});
