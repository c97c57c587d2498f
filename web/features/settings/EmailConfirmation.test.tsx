import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { formatWait } from './retry-wait';
import { answer, renderForm } from './profile-form.fixtures';
import { testUser } from '../../shared/users/user.fixtures';

/** The profile's button that mails a new confirmation link for an unconfirmed e-mail. */
const phoneUser = testUser({
  first_name: 'Nadia',
  last_name: 'Benali',
  email: 'nadia@example.com',
  email_confirmed: false,
  phone_number: '+33612345678',
  phone_auth: true,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('resending the e-mail confirmation link', () => {
  it('shows nothing for a confirmed address or no address', () => {
    renderForm({ ...phoneUser, email_confirmed: true });
    expect(screen.queryByTestId('email-resend')).toBeNull();
    cleanup();
    renderForm({ ...phoneUser, email: null });
    expect(screen.queryByTestId('email-resend')).toBeNull();
  });

  it('sends a new link, then after a 429 shows the wait and rests the button until it is over', async () => {
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(answer(202, { email: 'nadia@example.com' }))
      .mockResolvedValueOnce(answer(429, { detail: 'Too many attempts. Try again later.' }, { 'retry-after': '45' }));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(phoneUser);
    expect(screen.getByTestId('email-confirmation').textContent).toContain('Adresse pas encore confirmée');

    act(() => {
      fireEvent.click(screen.getByTestId('email-resend'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('email-resend-status').textContent).toBe(
        'Un nouveau lien part vers nadia@example.com. Seul ce dernier lien fonctionne.',
      ),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/7/email_confirmation/');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');

    act(() => {
      fireEvent.click(screen.getByTestId('email-resend'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('email-resend-status').textContent?.replace(/\s/gu, ' ')).toBe(
        'Vous pourrez demander un nouveau lien dans 45 secondes.',
      ),
    );
    expect(screen.getByTestId<HTMLButtonElement>('email-resend').disabled).toBe(true);
  });

  it('a 400 says why in the language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(400, { email: ['This e-mail address is already confirmed.'] }))),
    );
    renderForm(phoneUser);
    act(() => {
      fireEvent.click(screen.getByTestId('email-resend'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('email-resend-status').textContent).toBe('Cette adresse e-mail est déjà confirmée.'),
    );
  });

  it('writes the wait in seconds, minutes or hours, in the language', () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');
    expect(plain(formatWait(45, 'fr-FR'))).toBe('45 secondes');
    expect(plain(formatWait(600, 'en-US'))).toBe('10 minutes');
    expect(plain(formatWait(84_600, 'de-DE'))).toBe('24 Stunden');
    expect(formatWait(30, 'ar-MA')).toMatch(/30/);
  });
});
