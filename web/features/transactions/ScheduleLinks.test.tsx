import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { renderWithProviders } from '../../shared/test-support';
import { CreateSuccess } from './CreateSuccess';
import { DetailActions } from './DetailActions';

/**
 * A wallet send (no `delivery`, as the server answers it) leads to a schedule of the same recipient and amount; a held
 * send, a pickup, a bank deposit, a mobile-wallet payout or a withdrawal not (schedules pay into wallets only).
 */
const sent = {
  id: 41,
  amount: '250.00',
  currency: 'MAD',
  category: 'sending',
  status: 'completed',
  contact: 7,
  expires_at: null,
  token: null,
  recipient_first_name: 'Karim',
  recipient_last_name: 'Feltani',
} as unknown as Transaction;

describe('from a send to a scheduled transfer', () => {
  it('the success screen offers to send this amount every month, to the same recipient', () => {
    renderWithProviders(<CreateSuccess tx={sent} party="Karim Feltani" />);
    const link = screen.getByTestId('success-make-monthly');
    expect(link.textContent).toBe('Envoyer ce montant chaque mois');
    expect(link.getAttribute('href')).toBe('/schedules/new?contact=7&amount=250.00&frequency=monthly');
  });

  it('a transfer’s detail offers to schedule it; not for a held send, a cash pickup or a partner payout', () => {
    const view = renderWithProviders(<DetailActions tx={sent} />);
    expect(screen.getByTestId('repeat-schedule').getAttribute('href')).toBe('/schedules/new?contact=7&amount=250.00');
    view.unmount();
    for (const tx of [
      { ...sent, status: 'on_hold' },
      { ...sent, delivery: 'cash_pickup' },
      { ...sent, delivery: 'bank_deposit' },
      { ...sent, delivery: 'mobile_wallet' },
    ] as Transaction[]) {
      const other = renderWithProviders(<DetailActions tx={tx} />);
      expect(screen.queryByTestId('repeat-schedule')).toBeNull();
      other.unmount();
    }
    for (const tx of [
      { ...sent, status: 'on_hold' },
      { ...sent, delivery: 'bank_deposit' },
      { ...sent, delivery: 'mobile_wallet' },
    ] as Transaction[]) {
      const other = renderWithProviders(<CreateSuccess tx={tx} party="Karim Feltani" />);
      expect(screen.queryByTestId('success-make-monthly')).toBeNull();
      other.unmount();
    }
  });
});
