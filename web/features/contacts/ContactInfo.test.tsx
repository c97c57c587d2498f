import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../../common/api/contacts';
import { ContactInfo } from './ContactInfo';
import { renderWithProviders, stubFetch } from '../../shared/test-support';

afterEach(() => {
  vi.unstubAllGlobals();
});

const linked: Contact = {
  id: 3,
  first_name: 'Amina',
  last_name: 'El Idrissi',
  phone_number: '+33612345678',
  email: 'amina@example.com',
  account_id: `0x${'ab'.repeat(20)}`,
  contact_user: 9,
  public: false,
  proximity: null,
  address: null,
  zip_code: null,
  city: null,
  latitude: null,
  longitude: null,
};

describe('contact info', () => {
  it('calls, copies the raw phone, and links the wallet to the explorer', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    // The explorer is the configured one (GET /api/chain/), here a network's.
    stubFetch(() => ({
      status: 200,
      body: {
        network: 'evm',
        tx_url: 'https://scan.example/tx/{id}',
        address_url: 'https://scan.example/address/{address}',
      },
    }));
    renderWithProviders(<ContactInfo contact={linked} />);
    expect(screen.getByTestId('contact-phone').getAttribute('href')).toBe('tel:+33612345678');
    expect(screen.getByTestId('contact-phone').textContent).toBe('+33 (0)6 12 34 56 78');
    expect((await screen.findByTestId('wallet-link')).getAttribute('href')).toBe(
      `https://scan.example/address/0x${'ab'.repeat(20)}`,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-phone'));
    });
    expect(writeText).toHaveBeenCalledWith('+33612345678');
    expect(screen.getByTestId('copy-phone').textContent).toBe('Copié');
  });

  it('says when the clipboard refuses, and that the wallet shows after a first transfer (ADR 013)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    renderWithProviders(<ContactInfo contact={{ ...linked, account_id: null, contact_user: null }} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-email'));
    });
    expect(screen.getByTestId('copy-email').textContent).toBe('Échec');
    expect(screen.queryByTestId('wallet-link')).toBeNull();
    // Not 'not registered yet': before a transfer the server does not say whether the person has an account.
    expect(screen.getByText('Visible après un premier transfert entre vous.')).toBeTruthy();
  });

  it('shows the bank account grouped, left to right, with its bank, and copies its 24 digits', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const rib = '007780000123456789012396';
    renderWithProviders(
      <ContactInfo contact={{ ...linked, rib, rib_bank: 'Attijariwafa bank', rib_holder: 'AMINA EL IDRISSI' }} />,
    );
    const shown = screen.getByTestId('contact-rib');
    expect(shown.textContent).toBe('007 780 0001 2345 6789 0123 96');
    expect(shown.getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('contact-rib-bank').textContent).toBe(' Attijariwafa bank');
    // The name as the bank deposit sends it, so the sender sees what the bank compares with its holder's.
    expect(screen.getByTestId('contact-rib-holder').textContent).toBe('AMINA EL IDRISSI');
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-rib'));
    });
    expect(writeText).toHaveBeenCalledWith(rib);
  });

  it('shows no bank account line for a recipient without one', () => {
    renderWithProviders(<ContactInfo contact={{ ...linked, rib: null, rib_bank: null, rib_holder: null }} />);
    expect(screen.queryByTestId('contact-rib')).toBeNull();
    expect(screen.queryByTestId('contact-rib-holder')).toBeNull();
  });
});
