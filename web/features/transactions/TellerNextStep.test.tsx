import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { testUser } from '../../shared/users/user.fixtures';
import { Component as TransactionDetailPage } from './TransactionDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const withdrawal = (status: string) => ({
  id: 41,
  amount: '300.00',
  currency: 'MAD',
  category: 'withdrawal',
  status,
  date: '2026-11-23T10:00:00.000Z',
  sender: 6,
  recipient: null,
  contact: 3,
  sender_first_name: 'Amina',
  sender_last_name: 'Benali',
  recipient_first_name: 'Wallet Casablanca Centre',
  recipient_last_name: '',
  recipient_phone_number: null,
  recipient_address: '120 Boulevard Mohammed V',
  recipient_zip_code: '20250',
  recipient_city: 'Casablanca',
  tx_id: null,
  token: null,
  identifier: null,
  validated: status === 'validated',
  expires_at: null,
  validated_at: null,
});

function open(status: string) {
  stubFetch((call) =>
    call.url.includes('/transactions/41/')
      ? { status: 200, body: withdrawal(status) }
      : call.url.includes('/users/')
        ? { status: 200, body: { count: 1, next: null, previous: null, results: [testUser({ role: 'BANKER' })] } }
        : { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
  );
  renderWithProviders(
    <Routes>
      <Route path="/transactions/:id" element={<TransactionDetailPage />} />
    </Routes>,
    '/transactions/41?category=withdrawal&banker=true',
  );
}

describe("a pending withdrawal on the teller's home", () => {
  it('says what the teller does now and leads to the counter', async () => {
    open('pending');
    const step = await screen.findByTestId('teller-next-step');
    expect(step.textContent).toContain('scannez le QR code du client ou saisissez la référence affichée sur son téléphone');
    expect(screen.getByTestId('teller-next-step-link').getAttribute('href')).toBe('/withdraw');
  });

  it('a paid one has no next step', async () => {
    open('validated');
    await screen.findByTestId('detail-amount');
    expect(screen.queryByTestId('teller-next-step')).toBeNull();
  });
});
