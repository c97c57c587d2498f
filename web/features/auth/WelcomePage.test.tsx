import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// The real routes, route gate (guard, role rules, language) and screens, in a memory router.
import { renderAppAt } from '../../app/app.fixtures';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('the welcome page', () => {
  it('sends a visitor from / to /auth?lang=fr and shows the welcome in French', { timeout: 15_000 }, async () => {
    const app = renderAppAt('/');
    // Before redirecting, the router loads the routes '/' matched (the home screen and its layout): on a busy
    // machine that first import takes longer than the default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue' }, { timeout: 8000 })).toBeTruthy();
    expect(app.location.pathname).toBe('/auth');
    expect(app.location.search).toBe('?lang=fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    for (const name of ['Se connecter', 'Créer un compte']) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe('/auth/step1?lang=fr');
    }
  });

  it('offers the teller space, and the customer space back when role=banker', async () => {
    renderAppAt('/auth?lang=fr');
    const toTeller = await screen.findByTestId('role-switch');
    expect(toTeller.getAttribute('href')).toBe('/auth?role=banker&lang=fr');
    fireEvent.click(toTeller);
    await waitFor(() => expect(screen.getByTestId('role-switch').getAttribute('href')).toBe('/auth?role=customer&lang=fr'));
    expect(localStorage.getItem('role')).toBe('banker');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('banker'));
  });

  it("the teller's space speaks to staff: what the counter does, no sign-up (the back-office makes staff accounts)", async () => {
    renderAppAt('/auth?role=banker&lang=fr');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Payez au guichet les retraits et les retraits en espèces de votre agence.')).toBeTruthy();
    expect(screen.queryByText(/Envoyez de l’argent/)).toBeNull();
    expect(screen.queryByTestId('welcome-register')).toBeNull();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it('clears the stored role when opened without a role parameter', async () => {
    localStorage.setItem('role', 'banker');
    renderAppAt('/auth?lang=fr');
    await screen.findByRole('heading', { level: 1 });
    expect(localStorage.getItem('role')).toBeNull();
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('user'));
  });

  it('switches to Arabic, right to left, and stores the choice', async () => {
    const app = renderAppAt('/auth?lang=fr');
    const switcher = await screen.findByTestId('language-switcher');
    await act(async () => {
      fireEvent.change(switcher, { target: { value: 'ar' } });
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(app.location.search).toContain('lang=ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Bienvenue');
  });
});
