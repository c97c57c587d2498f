import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { answer, renderForm } from './profile-form.fixtures';
import { testUser } from '../../shared/users/user.fixtures';

/** An e-mail user proves the phone set on the profile with an SMS code. */
const emailUser = testUser({ phone_number: '+33612345678', phone_confirmed: false });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Types a code into the six boxes the way an SMS autofill does (the whole code into the first box). */
function typeCode(code: string) {
  const first = screen.getAllByRole('textbox').find((box) => box.getAttribute('inputmode') === 'numeric');
  if (!first) throw new Error('no code boxes');
  act(() => {
    fireEvent.input(first, { target: { value: code } });
  });
}

describe('confirming the profile phone', () => {
  it('shows nothing for a phone user or without a phone, and "confirmed" once proved', () => {
    renderForm(testUser({ phone_number: '+33612345678', phone_auth: true, phone_confirmed: true, email: null }));
    expect(screen.queryByTestId('phone-confirmation')).toBeNull();
    cleanup();
    renderForm(testUser({ phone_number: null }));
    expect(screen.queryByTestId('phone-confirmation')).toBeNull();
    cleanup();
    renderForm({ ...emailUser, phone_confirmed: true });
    expect(screen.getByTestId('phone-confirmed').textContent).toContain('Numéro confirmé');
    expect(screen.queryByTestId('phone-send-code')).toBeNull();
  });

  it('texts a code, a wrong one says so and clears the boxes, the right one shows it confirmed', async () => {
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(answer(202, { phone_number: '+33612345678' }))
      .mockResolvedValueOnce(answer(400, { code: ['The code is incorrect or has expired.'] }))
      .mockResolvedValueOnce(answer(200, { ...emailUser, phone_confirmed: true, balance: '25.00' }))
      .mockResolvedValue(answer(200, { count: 1, next: null, previous: null, results: [{ ...emailUser, phone_confirmed: true }] }));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(emailUser);
    expect(screen.getByTestId('phone-confirmation').textContent).toContain('Numéro pas encore confirmé');

    act(() => {
      fireEvent.click(screen.getByTestId('phone-send-code'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('phone-send-status').textContent).toBe(
        'Code envoyé par SMS au +33 (0)6 12 34 56 78. Saisissez-le ci-dessous.',
      ),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/7/phone_confirmation/');
    expect(screen.getByTestId('phone-send-code').textContent).toBe('Renvoyer un code');

    typeCode('111111');
    await waitFor(() => expect(screen.getByTestId('phone-code-error').textContent).toBe('Le code est incorrect.'));
    const boxes = screen.getAllByRole('textbox').filter((box) => box.getAttribute('inputmode') === 'numeric');
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/users/7/phone_confirmation/verify/');
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toEqual({ code: '111111' });

    typeCode('246810');
    await waitFor(() => expect(screen.getByTestId('phone-confirmed').textContent).toContain('Numéro confirmé'));
    expect(screen.getByTestId('phone-confirm-status').textContent).toBe(
      'Votre numéro est confirmé : l’argent envoyé à ce numéro arrive désormais sur votre compte.',
    );
  });

  it('after too many wrong codes the wait is told in the language and the boxes rest', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<(url: string, init?: RequestInit) => Promise<Response>>()
        .mockResolvedValueOnce(answer(202, { phone_number: '+33612345678' }))
        .mockResolvedValueOnce(answer(429, { detail: 'Too many attempts. Try again later.' }, { 'retry-after': '600' })),
    );
    renderForm(emailUser);
    act(() => {
      fireEvent.click(screen.getByTestId('phone-send-code'));
    });
    await waitFor(() => expect(screen.getByTestId('phone-send-status').textContent).toContain('Code envoyé'));
    typeCode('111111');
    await waitFor(() =>
      expect(screen.getByTestId('phone-code-error').textContent?.replace(/\s/gu, ' ')).toBe(
        'Trop de codes incorrects. Réessayez dans 10 minutes.',
      ),
    );
  });

  it('a refused send says why in the language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(400, { phone_number: ['This phone number is already confirmed.'] }))),
    );
    renderForm(emailUser);
    act(() => {
      fireEvent.click(screen.getByTestId('phone-send-code'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('phone-send-status').textContent).toBe('Ce numéro de téléphone est déjà confirmé.'),
    );
  });
});
