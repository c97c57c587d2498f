import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAccountMessages } from '../../../common/api/messages';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { answer } from './profile-form.fixtures';
import { ProfileDataRights } from './ProfileDataRights';

function renderRights() {
  const router = createMemoryRouter([{ path: '/', element: <ProfileDataRights /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function closeWith(body: unknown) {
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(400, body)));
  renderRights();
  fireEvent.click(screen.getByTestId('close-account'));
  fireEvent.change(screen.getByTestId('pin-input'), { target: { value: '135792' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('close-confirm'));
  });
  await waitFor(() => expect(screen.getByTestId('close-blockers')).toBeTruthy());
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Closing said "Résiliez d’abord votre abonnement" after it was cancelled, and did not mention the balance.
describe('closing the account while something blocks it', () => {
  it('names every reason, each with where to clear it', async () => {
    await closeWith({ subscription: [closeAccountMessages.subscription], balance: [closeAccountMessages.balance] });
    expect(screen.getByTestId('close-error').textContent).toBe('Votre compte ne peut pas encore être fermé :');
    const subscription = screen.getByTestId('close-blocker-subscription');
    expect(subscription.textContent).toContain("Votre abonnement est actif : résiliez-le d’abord.");
    expect(subscription.querySelector('a')?.getAttribute('href')).toBe('/rates');
    const balance = screen.getByTestId('close-blocker-balance');
    expect(balance.textContent).toContain('Votre solde doit être à zéro');
    expect(balance.querySelector('a')?.getAttribute('href')).toBe('/withdraw');
  });

  it('says a cancelled subscription runs to its end instead of asking to cancel it', async () => {
    await closeWith({ subscription: [closeAccountMessages.subscriptionEnding] });
    const subscription = screen.getByTestId('close-blocker-subscription');
    expect(subscription.textContent).toContain('Votre abonnement est résilié mais court');
    expect(subscription.textContent).not.toContain('résiliez-le');
    expect(screen.queryByTestId('close-blocker-balance')).toBeNull();
  });

  it('names a payout still on its way apart from the waiting transactions, with the history to follow it', async () => {
    await closeWith({ pending: [closeAccountMessages.pending], payout: [closeAccountMessages.payout] });
    const payout = screen.getByTestId('close-blocker-payout');
    expect(payout.textContent).toContain('Un virement bancaire ou un envoi sur portefeuille mobile est encore en cours');
    expect(payout.querySelector('a')?.getAttribute('href')).toBe('/transactions');
    expect(screen.getByTestId('close-blocker-pending')).toBeTruthy();
  });
});
