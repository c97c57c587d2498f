import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../test-support';
import { PaymentResult } from './PaymentResult';

const session = (status: string) => ({
  id: 'ps_abcdefghijklmnop',
  purpose: 'exchange',
  status,
  outcome: null,
  amount: '25.50',
  to_amount: status === 'paid' ? '270.00' : null,
  balance: '1105.00',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PaymentResult', () => {
  it('a cancelled card payment says nothing was charged, with no "new balance"', async () => {
    stubFetch(() => ({ status: 200, body: session('open') }));
    renderWithProviders(<PaymentResult sessionId="ps_abcdefghijklmnop" cancelled />);
    await waitFor(() => expect(screen.getByTestId('payment-result').getAttribute('data-status')).toBe('open'));
    expect(screen.getByTestId('payment-result').textContent).toContain('Aucun montant n');
    expect(screen.queryByTestId('payment-balance')).toBeNull();
  });

  it('a paid top-up shows the new balance', async () => {
    stubFetch(() => ({ status: 200, body: session('paid') }));
    renderWithProviders(<PaymentResult sessionId="ps_abcdefghijklmnop" cancelled={false} />);
    await screen.findByTestId('payment-balance');
  });
});
