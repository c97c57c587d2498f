import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { renderWithProviders } from '../../shared/test-support';
import { CreateSuccess } from './CreateSuccess';
import { DetailActions } from './DetailActions';

/**
 * A send by any way (the wallet: no `delivery`, as the server answers it; cash, a bank deposit, a mobile wallet)
 * leads to a schedule of the same recipient, amount and way; a held send or a withdrawal at an agency not.
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

const ways = [undefined, 'cash_pickup', 'bank_deposit', 'mobile_wallet'] as const;

describe('from a send to a scheduled transfer', () => {
  it('the success screen offers to send this amount every month, to the same recipient, the same way', () => {
    for (const delivery of ways) {
      const view = renderWithProviders(<CreateSuccess tx={{ ...sent, delivery }} party="Karim Feltani" />);
      const link = screen.getByTestId('success-make-monthly');
      expect(link.textContent).toBe('Envoyer ce montant chaque mois');
      expect(link.getAttribute('href')).toBe(
        `/schedules/new?contact=7&amount=250.00&delivery=${delivery ?? 'wallet'}&frequency=monthly`,
      );
      view.unmount();
    }
  });

  it('a transfer’s detail offers to schedule it the same way; not for a held send or a withdrawal', () => {
    for (const delivery of ways) {
      const view = renderWithProviders(<DetailActions tx={{ ...sent, delivery }} />);
      expect(screen.getByTestId('repeat-schedule').getAttribute('href')).toBe(
        `/schedules/new?contact=7&amount=250.00&delivery=${delivery ?? 'wallet'}`,
      );
      view.unmount();
    }
    const held = { ...sent, status: 'on_hold' } as Transaction;
    const withdrawal = { ...sent, category: 'withdrawal', status: 'pending' } as Transaction;
    for (const tx of [held, withdrawal]) {
      const other = renderWithProviders(<DetailActions tx={tx} />);
      expect(screen.queryByTestId('repeat-schedule')).toBeNull();
      other.unmount();
      const success = renderWithProviders(<CreateSuccess tx={tx} party="Karim Feltani" />);
      expect(screen.queryByTestId('success-make-monthly')).toBeNull();
      success.unmount();
    }
  });
});
