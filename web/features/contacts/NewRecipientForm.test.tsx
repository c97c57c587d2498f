import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../../common/api/messages';
import { NewRecipientForm } from './NewRecipientForm';
import { renderWithProviders, stubFetch } from '../../shared/test-support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const created = {
  id: 1,
  first_name: 'Amina',
  last_name: 'El Idrissi',
  phone_number: '+33612345678',
  email: null,
  account_id: null,
  contact_user: null,
  public: false,
  proximity: null,
  address: null,
  zip_code: null,
  city: null,
  latitude: null,
  longitude: null,
};

function openForm() {
  renderWithProviders(<NewRecipientForm />);
  fireEvent.click(screen.getByTestId('recipient-open'));
}

const type = (testId: string, value: string) => fireEvent.input(screen.getByTestId(testId), { target: { value } });

async function openAndSubmitAmina() {
  openForm();
  type('recipient-first_name', 'Amina');
  type('recipient-last_name', 'El Idrissi');
  type('phone-input', '0612345678');
  await act(async () => {
    fireEvent.click(screen.getByTestId('recipient-submit'));
  });
}

describe('the new-recipient form', () => {
  it('opens, refuses an empty form with the required-field message and sends nothing', () => {
    const calls = stubFetch(() => ({ status: 500 }));
    openForm();
    type('recipient-first_name', 'Amina');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-error').textContent).toBe(
      "Saisissez le prénom et le nom, et l'e-mail ou le numéro de téléphone",
    );
    expect(calls).toHaveLength(0);
  });

  it('switches a name typed in Arabic script to right-to-left, and back', () => {
    openForm();
    const first = screen.getByTestId('recipient-first_name');
    type('recipient-first_name', 'أمينة');
    expect(first.getAttribute('dir')).toBe('rtl');
    type('recipient-first_name', 'Amina');
    expect(first.getAttribute('dir')).toBe('ltr');
  });

  it('formats the number by the chosen prefix (+33 by default) and wants a prefix with a number', () => {
    openForm();
    const prefix = screen.getByTestId<HTMLSelectElement>('phone-prefix');
    expect(prefix.value).toBe('+33');
    type('phone-input', '0612345678');
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('06 12 34 56 78');
    fireEvent.change(prefix, { target: { value: '+1' } });
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('(612)-345-678');
    fireEvent.change(prefix, { target: { value: '' } });
    type('recipient-first_name', 'Amina');
    type('recipient-last_name', 'El Idrissi');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-phone-error').textContent).toBe(
      "Choisissez l'indicatif du numéro, ou laissez le numéro vide.",
    );
  });

  it('sends the phone without spaces, then closes and resets', async () => {
    const calls = stubFetch(() => ({ status: 201, body: created }));
    openForm();
    type('recipient-first_name', ' Amina ');
    type('recipient-last_name', 'El Idrissi');
    type('phone-input', '06 12 34 56 78');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() => expect(screen.queryByTestId('recipient-form')).toBeNull());
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/contacts/',
      body: { first_name: 'Amina', last_name: 'El Idrissi', email: '', phone_number: '+33612345678' },
    });
    fireEvent.click(screen.getByTestId('recipient-open'));
    expect(screen.getByTestId<HTMLInputElement>('recipient-first_name').value).toBe('');
  });

  it("shows the server's field messages in French under the field, and 'unknown' otherwise", async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { phone_number: [contactMessages.exists] } };
    stubFetch(() => answer);
    await openAndSubmitAmina();
    await waitFor(() =>
      expect(screen.getByTestId('recipient-phone-error').textContent).toBe('Ce bénéficiaire existe déjà.'),
    );
    answer = { status: 400, body: { email: [contactMessages.yourself] } };
    type('recipient-email', 'me@example.com');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() => expect(screen.getByText("Ce bénéficiaire, c'est vous.")).toBeTruthy());
    answer = { status: 500, body: { detail: 'An unexpected error occurred.' } };
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('recipient-error').textContent).toBe('Une erreur inconnue est survenue.'),
    );
  });

  it('words the hourly limit on new recipients (429) with the wait in minutes', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ detail: contactMessages.tooManyAdded }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '1490' },
        }),
    );
    await openAndSubmitAmina();
    await waitFor(() =>
      expect(screen.getByTestId('recipient-error').textContent).toBe(
        'Vous avez ajouté beaucoup de bénéficiaires en une heure. Réessayez dans 25 min.',
      ),
    );
  });

  it('cancel closes and forgets what was typed', () => {
    openForm();
    type('recipient-first_name', 'Amina');
    fireEvent.click(screen.getByTestId('recipient-cancel'));
    expect(screen.queryByTestId('recipient-form')).toBeNull();
    fireEvent.click(screen.getByTestId('recipient-open'));
    expect(screen.getByTestId<HTMLInputElement>('recipient-first_name').value).toBe('');
  });
});
