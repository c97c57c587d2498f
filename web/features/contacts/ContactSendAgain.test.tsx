import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../../common/api/contacts';
import type { Transaction } from '../../../common/api/transactions';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { Component as ContactDetailPage } from './ContactDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const unregistered: Contact = {
  id: 5,
  first_name: 'Yasmine',
  last_name: 'Alaoui',
  phone_number: null,
  email: 'yasmine@example.com',
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

const sent = (status: Transaction['status']): Transaction => ({
  id: 41,
  amount: '1250.50',
  currency: 'MAD',
  category: 'sending',
  status,
  date: '2026-11-23T10:00:00.000Z',
  sender: 1,
  recipient: null,
  contact: 5,
  sender_first_name: 'Amina',
  sender_last_name: 'B',
  recipient_first_name: 'Yasmine',
  recipient_last_name: 'Alaoui',
  recipient_phone_number: null,
  recipient_address: null,
  recipient_zip_code: null,
  recipient_city: null,
  tx_id: null,
  token: null,
  identifier: null,
  validated: false,
  expires_at: null,
  validated_at: null,
});

function contactApi(newest: Transaction | null) {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/contacts/5/')) return { status: 200, body: unregistered };
    if (call.url.startsWith('/api/transactions/'))
      return { status: 200, body: { count: newest ? 1 : 0, next: null, previous: null, results: newest ? [newest] : [] } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

const page = () =>
  renderWithProviders(
    <Routes>
      <Route path="/contacts/:id" element={<ContactDetailPage />} />
    </Routes>,
    '/contacts/5',
  );

describe('send again', () => {
  it('on a contact’s detail: the newest transfer to them, same person and amount, in the screen’s words', async () => {
    const calls = contactApi(sent('unclaimed'));
    page();
    const link = await screen.findByTestId('contact-send-again');
    expect(link.textContent?.replace(/\s/g, ' ')).toBe('Envoyer à nouveau 1 250,50 MAD');
    expect(link.getAttribute('href')).toBe('/transactions/create?contact=5&transaction=send&amount=1250.50');
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/transactions/'))?.url ?? '', 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ contact: '5', category: 'sending', page_size: '1' });
  });

  it('none before a first send, nor when the newest transfer is held for review', async () => {
    contactApi(null);
    const first = page();
    await screen.findByTestId('contact-name');
    await waitFor(() => expect(screen.queryByTestId('contact-send-again')).toBeNull());
    first.unmount();
    contactApi(sent('on_hold'));
    page();
    await screen.findByTestId('contact-name');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('contact-send-again')).toBeNull();
  });
});
