import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsTransactionDetail } from '../../../common/api/ops';
import type { OpsLiabilityTree } from '../../../common/api/ops-liabilities';
import type { PayoutFileDetail } from '../../../common/api/ops-payout-files';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../../shared/api/query-client';
import { applyLanguage } from '../../i18n/i18n';
import { CustomersPage } from './CustomersPage';
import { LiabilitiesPage } from './LiabilitiesPage';
import * as api from './ops-api';
import { PayoutFileDetailPage } from './PayoutFilesPage';
import { StaffContext } from './staff';
import { TransactionDetailPage } from './TransactionDetailPage';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('fr'));

const operator = { id: 6, role: 'OPERATOR', first_name: 'Salma', last_name: 'Idrissi' } as User;

function show(element: ReactNode, url = '/ops?lang=fr') {
  const router = createMemoryRouter([{ path: '/ops/*', element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffContext.Provider value={operator}>
        <RouterProvider router={router} />
      </StaffContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the customers list', () => {
  it('asks for customers by default, offers tellers, operators, auditors and all, and shows its whole search hint', async () => {
    const fetch = vi.spyOn(api, 'fetchCustomers').mockResolvedValue({ count: 0, results: [] });
    show(<CustomersPage />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[0]).toMatchObject({ role: 'customer' });
    const role = screen.getByTestId<HTMLSelectElement>('customers-role');
    expect(role.value).toBe('customer');
    await waitFor(() =>
      expect([...role.options].map((o) => o.textContent)).toEqual([
        'Client',
        'Guichetier',
        'Opérateur',
        'Auditeur',
        'Tous',
      ]),
    );
    fireEvent.change(role, { target: { value: 'BANKER' } });
    await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0]).toMatchObject({ role: 'BANKER' }));
    fireEvent.change(role, { target: { value: 'all' } });
    await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0]).toMatchObject({ role: undefined }));
    // The field is as wide as its hint (in characters), so the hint is never cut.
    const search = screen.getByTestId<HTMLInputElement>('customers-search');
    expect(search.placeholder).toBe('Nom, e-mail, téléphone, n° client ou adresse de portefeuille');
    expect(search.size).toBeGreaterThanOrEqual(search.placeholder.length);
  });
});

const transaction = (pending: OpsTransactionDetail['pending_refund']): OpsTransactionDetail => ({
  id: 41,
  kind: 'transfer',
  status: 'unclaimed',
  amount: '6000.00',
  currency: 'MAD',
  sender: { id: 7, name: 'Nadia Test' },
  recipient: null,
  recipient_name: null,
  recipient_phone_number: null,
  recipient_email: 'nobody@example.com',
  agency: null,
  reference: null,
  created_at: '2026-11-29T10:00:00Z',
  expires_at: '2026-12-29T10:00:00Z',
  finished_at: null,
  refundable: true,
  entries: [],
  timeline: [],
  reviews: [],
  events: [],
  pending_refund: pending,
});

describe('the refund button', () => {
  it('is disabled while a refund waits for a second operator, and says so next to it', async () => {
    vi.spyOn(api, 'fetchTransaction').mockResolvedValue(
      transaction({
        approval: 12,
        requested_by: 9,
        requested_by_name: 'Karim Alaoui',
        requested_at: '2026-11-29T10:05:00Z',
        expires_at: '2026-11-30T10:05:00Z',
      }),
    );
    show(<TransactionDetailPage id="41" />);
    const button = await screen.findByTestId<HTMLButtonElement>('refund-open');
    expect(button.disabled).toBe(true);
    const note = screen.getByTestId('refund-pending');
    await waitFor(() => expect(note.textContent).toContain('Un remboursement attend un second opérateur'));
    expect(note.textContent).toContain('n° 12');
    expect(note.textContent).toContain('Karim Alaoui');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('is enabled when nothing waits', async () => {
    vi.spyOn(api, 'fetchTransaction').mockResolvedValue(transaction(null));
    show(<TransactionDetailPage id="41" />);
    expect((await screen.findByTestId<HTMLButtonElement>('refund-open')).disabled).toBe(false);
    expect(screen.queryByTestId('refund-pending')).toBeNull();
  });
});

const tree = (over: Partial<OpsLiabilityTree>): OpsLiabilityTree => ({
  snapshot_id: 5,
  taken_at: '2026-11-29T00:00:00Z',
  currency: 'MAD',
  accounts: 16,
  total: '300.00',
  ledger: '300.00',
  ledger_difference: '0.00',
  safeguarded: '300.00',
  safeguarded_at: '2026-11-29T09:00:00Z',
  safeguarding_difference: '0.00',
  root: 'ab'.repeat(32),
  record_id: '0xabc',
  record_url: '/explorer/tx/0xabc',
  anchor_error: null,
  ...over,
});

describe('the proof of liabilities', () => {
  it('shows a zero difference plainly and any other in red with its word, and links the public record', async () => {
    vi.spyOn(api, 'fetchLiabilities').mockResolvedValue({
      count: 2,
      results: [
        tree({ snapshot_id: 6, ledger: '290.00', ledger_difference: '10.00', safeguarding_difference: '-10.00' }),
        tree({ record_url: null, record_id: null, safeguarded: null, safeguarding_difference: null }),
      ],
    });
    show(<LiabilitiesPage />);
    const bad = await screen.findByTestId('liabilities-6-MAD');
    const ledger = within(bad).getByTestId('liabilities-ledger-difference');
    expect(ledger.getAttribute('data-state')).toBe('difference');
    await waitFor(() => expect(ledger.textContent).toContain('écart'));
    expect(within(bad).getByTestId('liabilities-safeguarding-difference').textContent).toContain('insuffisance');
    expect(within(bad).getByTestId('liabilities-record').getAttribute('href')).toBe('/explorer/tx/0xabc');
    const good = screen.getByTestId('liabilities-5-MAD');
    expect(within(good).getByTestId('liabilities-ledger-difference').getAttribute('data-state')).toBe('zero');
    expect(good.textContent).toContain('Non saisi');
    expect(good.textContent).toContain('En cours de publication');
  });
});

describe('a payment file', () => {
  it("lists its transfers with their state, the bank's reason in words and a link to each transfer", async () => {
    const file: PayoutFileDetail = {
      id: 3,
      message_id: 'SILA-20261129-abcdef',
      created_at: '2026-11-29T10:00:00Z',
      transfers: 2,
      control_sum: '100.00',
      currency: 'MAD',
      states: { submitted: 0, credited: 1, returned: 1 },
      lines: [
        {
          id: 41,
          end_to_end_id: 'SILA-41',
          amount: '60.00',
          currency: 'MAD',
          sender: { id: 7, name: 'Nadia Test' },
          holder_name: 'FATIMA ZAHRA',
          rib: '007780000123456789012396',
          state: 'credited',
          reason: null,
        },
        {
          id: 42,
          end_to_end_id: 'SILA-42',
          amount: '40.00',
          currency: 'MAD',
          sender: { id: 7, name: 'Nadia Test' },
          holder_name: 'FATIMA ZAHRA',
          rib: '007780000123456789012396',
          state: 'returned',
          reason: 'AC04',
        },
      ],
    };
    vi.spyOn(api, 'fetchPayoutFile').mockResolvedValue(file);
    show(<PayoutFileDetailPage id="3" />);
    const returned = await screen.findByTestId('payout-line-42');
    await waitFor(() => expect(returned.textContent).toContain('Retourné'));
    expect(returned.textContent).toContain('AC04 — Compte clôturé');
    expect(returned.textContent).toContain('007 780 0001 2345 6789 0123 96');
    expect(within(returned).getByRole('link', { name: /41|42/ }).getAttribute('href')).toContain(
      '/ops/transactions/42',
    );
    expect(screen.getByTestId('payout-line-41').textContent).toContain('Crédité');
    expect(screen.getByTestId('payout-file-facts').textContent).toContain('SILA-20261129-abcdef');
  });
});
