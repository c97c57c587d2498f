import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { renderWithProviders } from '../../shared/test-support';
import { PickupSenderBlock } from '../../shared/pickups/PickupSenderBlock';
import { CreateSuccess } from './CreateSuccess';
import { DetailActions } from './DetailActions';

/**
 * A send or cash pickup held for a compliance review, as its sender reads it: under review, never
 * 'Money sent' or 'Expired', and nothing offered to send it again.
 */
const held = {
  id: 41,
  amount: '50.00',
  currency: 'MAD',
  category: 'sending',
  status: 'on_hold',
  contact: 7,
  expires_at: null,
  token: null,
  recipient_first_name: 'Karim',
  recipient_last_name: 'Feltani',
} as unknown as Transaction;
const heldPickup = {
  ...held,
  delivery: 'cash_pickup',
  pickup_reference: null,
  pickup: { agency: null, reserved: false, name_history: [] },
} as unknown as Transaction;

const successTitle = () => screen.getByTestId('success').querySelector('h2')?.textContent;

describe('a held transfer, for its sender', () => {
  it('the success screen is a neutral pending state: a clock, not the check; being processed, not reviewed', () => {
    renderWithProviders(<CreateSuccess tx={held} party="Karim Feltani" />);
    expect(successTitle()).toBe('Opération en cours');
    expect(screen.getByTestId('success-pending')).toBeTruthy();
    expect(screen.queryByTestId('success-check')).toBeNull();
    expect(screen.queryByText('Argent envoyé')).toBeNull();
    const next = screen.getByTestId('success-next').textContent ?? '';
    expect(next).toContain('en cours de traitement');
    expect(next).not.toMatch(/vérif|contrôl/u);
  });

  it('a completed send keeps the check', () => {
    renderWithProviders(<CreateSuccess tx={{ ...held, status: 'completed' }} party="Karim Feltani" />);
    expect(screen.getByTestId('success-check')).toBeTruthy();
    expect(screen.queryByTestId('success-pending')).toBeNull();
  });

  it('a held cash pickup: under review on the success screen and on its block, with no reference', () => {
    renderWithProviders(
      <>
        <CreateSuccess tx={heldPickup} party="Karim Feltani" />
        <PickupSenderBlock tx={heldPickup} />
      </>,
    );
    expect(successTitle()).toBe('Opération en cours');
    expect(screen.getByTestId('success-pending')).toBeTruthy();
    expect(screen.getByTestId('pickup-status').textContent).toBe('En cours de vérification');
    expect(screen.queryByTestId('pickup-reference')).toBeNull();
  });

  it('offers no send again', () => {
    renderWithProviders(<DetailActions tx={held} />);
    expect(screen.queryByTestId('send-again')).toBeNull();
    renderWithProviders(<DetailActions tx={{ ...held, status: 'completed' }} />);
    expect(screen.getByTestId('send-again')).toBeTruthy();
  });
});
