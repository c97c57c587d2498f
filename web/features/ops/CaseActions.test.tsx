import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpsCase } from '../../../common/api/cases';
import { opsMessages } from '../../../common/api/messages';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { testUser } from '../../shared/users/user.fixtures';
import { CasePage } from './CasePage';
import { StaffContext } from './staff';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('fr'));

/**
 * The actions on a case's transfer from the case's page: the transaction's and the customer's own endpoints, with
 * the case's id (the audit line names it, the thread gets its note).
 */
const item: OpsCase = {
  id: 7,
  reference: 'H-000007',
  state: 'open',
  kind: 'not_received',
  transaction: 41,
  created_at: '2026-11-29T08:00:00.000Z',
  updated_at: '2026-11-29T08:00:00.000Z',
  resolved_at: null,
  last_message: 'Rien reçu',
  customer: { id: 9, name: 'Nadia Benali', language: 'fr' },
  assigned_to: { id: 3, name: 'Olga Op' },
  due_at: '2026-11-29T16:00:00.000Z',
  late: false,
  first_answer_at: null,
  messages: [],
  transfer: { id: 41, kind: 'transfer', status: 'unclaimed', amount: '40.00', currency: 'MAD' },
  canned_replies: [],
};

type Tx = Record<string, unknown>;
const transaction = (refundable: boolean, extra: Tx = {}) => ({
  id: 41,
  kind: 'transfer',
  status: 'unclaimed',
  amount: '40.00',
  refundable,
  pending_refund: null,
  recipient_phone_number: null,
  ...extra,
});
/** An uncollected cash pickup to Fatima's phone. */
const pickup: Tx = { kind: 'pickup', status: 'available', recipient_phone_number: '+212612345678' };
const customer = (locked: boolean) => ({
  id: 9,
  first_name: 'Nadia',
  last_name: 'Benali',
  security_code_locked_until: locked ? '2026-11-29T10:00:00.000Z' : null,
  security_code_failures: locked ? 5 : 0,
});

beforeAll(() => {
  // jsdom has no modal dialogs: open it as an attribute.
  if (typeof HTMLDialogElement.prototype.showModal !== 'function')
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function render(opts: {
  refundable: boolean;
  locked: boolean;
  role?: 'OPERATOR' | 'AUDITOR';
  tx?: Tx;
  resent?: { status: number; body: unknown };
}): RecordedCall[] {
  const calls = stubFetch((call) => {
    if (call.url.startsWith('/api/ops/transactions/41/cancel/'))
      return { status: 200, body: { transaction: transaction(false, { status: 'cancelled' }) } };
    if (call.url.startsWith('/api/ops/transactions/41/resend-pickup-sms/'))
      return opts.resent ?? { status: 200, body: { sent: true, remaining: 2 } };
    if (call.url.startsWith('/api/ops/transactions/41/refund/'))
      return { status: 200, body: { refunded: true, transaction: transaction(false) } };
    if (call.url.startsWith('/api/ops/customers/9/unlock-security-code/'))
      return { status: 200, body: customer(false) };
    if (call.url.startsWith('/api/ops/transactions/41/'))
      return { status: 200, body: transaction(opts.refundable, opts.tx) };
    if (call.url.startsWith('/api/ops/customers/9/')) return { status: 200, body: customer(opts.locked) };
    return { status: 200, body: item };
  });
  renderWithProviders(
    <StaffContext.Provider value={testUser({ id: 3, role: opts.role ?? 'OPERATOR' })}>
      <CasePage id="7" />
    </StaffContext.Provider>,
    '/ops/cases/7?lang=fr',
  );
  return calls;
}

function confirm(reason: string) {
  fireEvent.input(screen.getByTestId('action-reason'), { target: { value: reason } });
  fireEvent.input(screen.getByTestId('action-code'), { target: { value: '246810' } });
  fireEvent.click(screen.getByTestId('action-confirm'));
}

describe('actions on the transfer from its case', () => {
  it('refunds through the transaction’s refund endpoint with the case’s id, and says it was done', async () => {
    const calls = render({ refundable: true, locked: false });
    fireEvent.click(await screen.findByTestId('case-refund'));
    expect(screen.queryByTestId('case-unlock')).toBeNull();
    confirm('Sœur sans compte');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/ops/transactions/41/refund/',
        body: { reason: 'Sœur sans compte', security_code: '246810', case: 7 },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('case-action-done').textContent).toBe(
        'Remboursée : l’argent est revenu à l’expéditeur.',
      ),
    );
  });

  it('unlocks the customer’s security code through the customer’s endpoint with the case’s id', async () => {
    const calls = render({ refundable: false, locked: true });
    fireEvent.click(await screen.findByTestId('case-unlock'));
    expect(screen.queryByTestId('case-refund')).toBeNull();
    confirm('Identité vérifiée au téléphone');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/ops/customers/9/unlock-security-code/',
        body: { case: 7, reason: 'Identité vérifiée au téléphone', security_code: '246810' },
      }),
    );
  });

  it('offers nothing the transfer and the customer do not allow, and nothing to an auditor', async () => {
    render({ refundable: false, locked: false });
    await screen.findByTestId('case-thread');
    await waitFor(() => expect(screen.queryByTestId('case-actions')).toBeNull());
    cleanup();
    render({ refundable: true, locked: true, role: 'AUDITOR' });
    await screen.findByTestId('case-thread');
    expect(screen.queryByTestId('case-refund')).toBeNull();
    expect(screen.queryByTestId('case-unlock')).toBeNull();
    expect(screen.queryByTestId('case-cancel')).toBeNull();
    expect(screen.queryByTestId('case-resend-sms')).toBeNull();
  });

  it('cancels for the customer through the operator’s cancel with the case’s id, after the confirmation', async () => {
    const calls = render({ refundable: true, locked: false });
    fireEvent.click(await screen.findByTestId('case-cancel'));
    const dialog = screen.getByTestId('case-cancel-dialog');
    expect(dialog.textContent).toContain('Annuler la transaction n° 41 pour le client');
    expect(dialog.textContent).toContain('revient sur le solde de l’expéditeur');
    confirm('Le client l’a demandé au téléphone');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/ops/transactions/41/cancel/',
        body: { reason: 'Le client l’a demandé au téléphone', security_code: '246810', case: 7 },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('case-action-done').textContent).toBe(
        'Annulée : l’argent est revenu sur le solde de l’expéditeur.',
      ),
    );
  });

  it('sends the pickup SMS again to the number it shows, with the case’s id, and says how many remain today', async () => {
    const calls = render({ refundable: true, locked: false, tx: pickup });
    fireEvent.click(await screen.findByTestId('case-resend-sms'));
    expect(screen.getByTestId('case-resend-dialog').textContent).toContain('+212612345678');
    // Nothing is sent before the confirmation.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('action-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/ops/transactions/41/resend-pickup-sms/',
        body: { case: 7 },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('case-action-done').textContent).toBe(
        'SMS renvoyé au bénéficiaire. Encore 2 possible(s) aujourd’hui.',
      ),
    );
  });

  it('keeps the dialog open with the refusal in French when the server refuses the SMS (a held pickup)', async () => {
    render({
      refundable: true,
      locked: false,
      tx: pickup,
      resent: { status: 409, body: { detail: opsMessages.pickupSmsHeld } },
    });
    fireEvent.click(await screen.findByTestId('case-resend-sms'));
    fireEvent.click(screen.getByTestId('action-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'Ce retrait en espèces est bloqué : le bénéficiaire n’en est pas informé tant qu’il l’est.',
      ),
    );
    expect(screen.queryByTestId('case-action-done')).toBeNull();
  });

  it('offers no cancel for a payout and no SMS for a pickup no longer to collect', async () => {
    render({ refundable: true, locked: false, tx: { kind: 'payout', status: 'processing' } });
    await screen.findByTestId('case-refund');
    expect(screen.queryByTestId('case-cancel')).toBeNull();
    expect(screen.queryByTestId('case-resend-sms')).toBeNull();
    cleanup();
    render({ refundable: false, locked: true, tx: { ...pickup, status: 'collected' } });
    await screen.findByTestId('case-unlock');
    expect(screen.queryByTestId('case-resend-sms')).toBeNull();
    expect(screen.queryByTestId('case-cancel')).toBeNull();
  });
});
