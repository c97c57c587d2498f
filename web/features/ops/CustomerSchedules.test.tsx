import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpsCustomerSchedules } from '../../../common/api/schedules';
import { applyLanguage } from '../../i18n/i18n';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { CustomerSchedules } from './CustomerSchedules';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('fr'));

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('fr', { wholeCatalogue: true });
});

const schedule = (over: Partial<OpsCustomerSchedules['results'][number]>) => ({
  id: 3,
  contact: 4,
  recipient_first_name: 'Youssef',
  recipient_last_name: 'E',
  amount: '1500.00',
  currency: 'MAD' as const,
  delivery: 'wallet' as const,
  frequency: 'monthly' as const,
  day: 'last' as const,
  start_date: '2026-11-30',
  end_date: null,
  count: null,
  time_zone: 'Europe/Paris',
  state: 'active' as const,
  next_date: '2026-12-31',
  skip_date: null,
  created_at: '2026-11-20T10:00:00.000Z',
  occurrences: [],
  ...over,
});

const answer: OpsCustomerSchedules = {
  count: 2,
  results: [
    schedule({
      occurrences: [
        { date: '2026-11-30', outcome: 'skipped', reason: 'balance', transaction: null },
        { date: '2026-10-31', outcome: 'sent', reason: null, transaction: 81 },
      ],
    }),
    schedule({
      id: 2,
      frequency: 'weekly',
      day: null,
      start_date: '2026-11-02',
      state: 'paused',
      delivery: 'bank_deposit',
      occurrences: [{ date: '2026-11-09', outcome: 'missed', reason: null, transaction: null }],
    }),
  ],
};

describe('a customer’s scheduled transfers in the back-office', () => {
  it('lists each schedule with its frequency and state, and every date not sent with its reason', async () => {
    const calls = stubFetch(() => ({ status: 200, body: answer }));
    renderWithProviders(<CustomerSchedules customerId={7} />);
    const table = await screen.findByTestId('customer-schedules', {}, { timeout: 5000 });
    expect(calls[0]?.url).toBe('/api/ops/customers/7/schedules/');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(table.textContent).toContain('Tous les mois, le dernier jour');
    expect(table.textContent).toContain('Chaque semaine, le lundi');
    expect(
      within(table)
        .getAllByTestId('customer-schedule-state')
        .map((s) => s.textContent),
    ).toEqual(['Actif', 'En pause']);
    // How each one is paid out, in the operator's words.
    expect(
      within(table)
        .getAllByTestId('customer-schedule-method')
        .map((s) => s.textContent),
    ).toEqual(['Portefeuille', 'Virement bancaire']);
    const skips = screen.getByTestId('customer-schedule-skips');
    // The sent date is not a problem: only the skipped and the missed ones are listed.
    expect(within(skips).getAllByRole('row')).toHaveLength(3);
    expect(within(skips).getByTestId('customer-schedule-reason').textContent).toBe('Solde insuffisant');
    expect(skips.textContent).toContain('Manqué');
  });

  it('says so when the customer has none', async () => {
    stubFetch(() => ({ status: 200, body: { count: 0, results: [] } }));
    renderWithProviders(<CustomerSchedules customerId={7} />);
    expect(await screen.findByText('Aucun envoi programmé.')).toBeTruthy();
    expect(screen.getByText('Aucune date sautée ni manquée.')).toBeTruthy();
  });
});
