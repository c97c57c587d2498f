import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineCode } from '../../shared/offline/offline-store';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { useCreateTransaction } from './use-transactions';

function Create() {
  const create = useCreateTransaction();
  return (
    <button type="button" onClick={() => create.mutate({ body: { amount: '200', contact: 4, security_code: '123456' }, key: 'k' })}>
      {create.isSuccess ? 'done' : 'create'}
    </button>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a new withdrawal', () => {
  it('is kept for offline use as soon as the success screen shows its QR, for the signed-in user', async () => {
    const payload = btoa(JSON.stringify({ sub: '12' })).replace(/=+$/, '');
    localStorage.setItem('token', `h.${payload}.s`);
    stubFetch(() => ({
      status: 201,
      body: {
        id: 7,
        amount: '200.00',
        currency: 'MAD',
        category: 'withdrawal',
        status: 'pending',
        date: '2026-11-24T09:00:00Z',
        recipient_first_name: 'Wallet Casablanca',
        recipient_address: null,
        recipient_zip_code: null,
        recipient_city: 'Casablanca',
        token: 'QR-TOKEN',
        identifier: 'ABC-123',
        validated: false,
        expires_at: '2026-11-26T09:00:00Z',
      },
    }));
    renderWithProviders(<Create />);
    fireEvent.click(screen.getByRole('button', { name: 'create' }));
    await screen.findByRole('button', { name: 'done' });
    await waitFor(() => expect(offlineCode('12', 7)).toMatchObject({ kind: 'withdrawal', token: 'QR-TOKEN' }));
    expect(offlineCode('13', 7)).toBeNull();
  });
});
