import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../../common/api/messages';
import { holderNameMessages } from '../../../common/banking/holder-name';
import { ribMessages } from '../../../common/banking/rib';
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

/** The form filled for a recipient named in Arabic, then a RIB typed: the holder's name field it then asks. */
async function openForFatimaWithRib(): Promise<HTMLInputElement> {
  openForm();
  type('recipient-first_name', 'فاطمة');
  type('recipient-last_name', 'الزهراء');
  type('phone-input', '0612345678');
  // No RIB, no bank name to give.
  expect(screen.queryByTestId('recipient-rib-holder')).toBeNull();
  type('recipient-rib', '007 780 0001 2345 6789 0123 96');
  return screen.findByTestId<HTMLInputElement>('recipient-rib-holder');
}

describe('the new-recipient form', () => {
  it('opens, refuses an empty form with the required-field message and sends nothing', () => {
    const calls = stubFetch(() => ({ status: 500 }));
    openForm();
    type('recipient-first_name', 'Amina');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-error').textContent).toBe(
      "Saisissez le prénom et le nom, et l’e-mail ou le numéro de téléphone",
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

  // Recipients live in Morocco: the prefix was +33 by default, and a Moroccan number typed without changing it
  // was refused or, worse, taken as a French one.
  it('formats the number by the chosen prefix (+212 by default) and wants a prefix with a number', () => {
    openForm();
    const prefix = screen.getByTestId<HTMLSelectElement>('phone-prefix');
    expect(prefix.value).toBe('+212');
    type('phone-input', '0612345678');
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('06 12 34 56 78');
    fireEvent.change(prefix, { target: { value: '+1' } });
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('(612)-345-678');
    fireEvent.change(prefix, { target: { value: '' } });
    type('recipient-first_name', 'Amina');
    type('recipient-last_name', 'El Idrissi');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-phone-error').textContent).toBe(
      "Choisissez l’indicatif du numéro, ou laissez le numéro vide.",
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
      body: { first_name: 'Amina', last_name: 'El Idrissi', email: '', phone_number: '+212612345678', rib: '' },
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
    await waitFor(() => expect(screen.getByText("Ce bénéficiaire, c’est vous.")).toBeTruthy());
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

  it("names the RIB's bank from its first 3 digits, and groups a valid RIB when the field is left", () => {
    openForm();
    const bank = () => screen.getByTestId('recipient-rib-bank').textContent;
    expect(bank()).toBe('24 chiffres, pour un virement sur le compte du bénéficiaire.');
    type('recipient-rib', '23');
    expect(bank()).toBe('24 chiffres, pour un virement sur le compte du bénéficiaire.');
    type('recipient-rib', '230 8');
    expect(bank()).toBe('CIH Bank');
    type('recipient-rib', '999');
    expect(bank()).toBe('24 chiffres, pour un virement sur le compte du bénéficiaire.');
    const rib = screen.getByTestId<HTMLInputElement>('recipient-rib');
    expect(rib.getAttribute('dir')).toBe('ltr');
    type('recipient-rib', '007780000123456789012396');
    fireEvent.blur(rib);
    expect(rib.value).toBe('007 780 0001 2345 6789 0123 96');
    expect(bank()).toBe('Attijariwafa bank');
  });

  it('refuses a RIB with a wrong key before any request, and sends a valid one as its 24 digits', async () => {
    const calls = stubFetch(() => ({ status: 201, body: created }));
    openForm();
    type('recipient-first_name', 'Amina');
    type('recipient-last_name', 'El Idrissi');
    type('phone-input', '0612345678');
    type('recipient-rib', '007 780 0001 2345 6789 0123 97');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-rib-error').textContent).toBe(
      'Ce RIB est incorrect : vérifiez ses chiffres (la clé ne correspond pas).',
    );
    expect(calls).toHaveLength(0);
    type('recipient-rib', '007 780 0001 2345 6789 0123 96');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ rib: '007780000123456789012396' });
  });

  it("shows the server's rib message in French under the RIB field", async () => {
    stubFetch(() => ({ status: 400, body: { rib: [ribMessages.unknown_bank] } }));
    await openAndSubmitAmina();
    await waitFor(() =>
      expect(screen.getByTestId('recipient-rib-error').textContent).toBe(
        "Ce RIB n’est pas celui d’une banque marocaine que nous connaissons.",
      ),
    );
  });

  it('asks a recipient named in Arabic for the holder’s name in Latin letters, the romanised name only as its suggestion', async () => {
    const calls = stubFetch(() => ({ status: 201, body: created }));
    const holder = await openForFatimaWithRib();
    expect(holder.getAttribute('dir')).toBe('ltr');
    await waitFor(() => expect(holder.value).not.toBe(''));
    expect(holder.value).toMatch(/^[A-Z ]+$/);
    type('recipient-rib-holder', '');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-rib-holder-error').textContent).toBe(
      "Écrivez le nom du titulaire en lettres latines, tel qu’il figure sur le compte bancaire.",
    );
    type('recipient-rib-holder', 'فاطمة الزهراء');
    fireEvent.click(screen.getByTestId('recipient-submit'));
    expect(screen.getByTestId('recipient-rib-holder-error').textContent).toBe(
      "Uniquement des lettres latines (A à Z), des chiffres, des espaces et / - ? : ( ) . , ’ +, 35 caractères au plus.",
    );
    expect(calls).toHaveLength(0);
    type('recipient-rib-holder', 'Fatima  Ezzahra');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ rib: '007780000123456789012396', rib_holder: 'FATIMA EZZAHRA' });
  });

  it("shows the server's holder-name message in French under its field", async () => {
    stubFetch(() => ({ status: 400, body: { rib_holder: [holderNameMessages.charset] } }));
    await openForFatimaWithRib();
    type('recipient-rib-holder', 'FATIMA');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('recipient-rib-holder-error').textContent).toBe(
        "Uniquement des lettres latines (A à Z), des chiffres, des espaces et / - ? : ( ) . , ’ +, 35 caractères au plus.",
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
