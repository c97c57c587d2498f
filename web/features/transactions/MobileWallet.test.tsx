import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletPayoutDetails } from '../../../common/api/payouts';
import type { Transaction } from '../../../common/api/transactions';
import { applyLanguage } from '../../i18n/i18n';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { CreateSuccess } from './CreateSuccess';
import { MobileWalletBlock } from './MobileWalletBlock';
import { ratesAnswer } from './rates-fixture';
import { recipientContact, senderPage, textOf as text } from './send-flow-fixtures';
import { Timeline } from './Timeline';
import { Component as TransactionCreatePage } from './TransactionCreatePage';

/**
 * A send to a recipient's Moroccan mobile wallet, as the sender sees it: offered only for a Moroccan mobile number,
 * the number in the summary, the send's body, and where the payout is afterwards (with the operator's reason when
 * the money came back).
 */

const base = recipientContact;

const walletPayout: WalletPayoutDetails = {
  method: 'mobile_wallet',
  phone: '+212612345678',
  recipient_name: 'Youssef El Amrani',
  stage: 'processing',
  partner_reference: null,
  return_reason: null,
};
const payout = {
  id: 91,
  amount: '300.00',
  currency: 'MAD',
  category: 'sending',
  status: 'processing',
  date: '2026-11-29T10:00:00.000Z',
  contact: 7,
  expires_at: null,
  token: null,
  recipient_first_name: 'Youssef',
  recipient_last_name: 'El Amrani',
  delivery: 'mobile_wallet',
  wallet_payout: walletPayout,
} as unknown as Transaction;
const at = (stage: WalletPayoutDetails['stage'], extra: Partial<WalletPayoutDetails> = {}) =>
  ({ ...payout, wallet_payout: { ...walletPayout, stage, ...extra } }) as Transaction;

const sends = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/transactions/');

function api(contact: typeof base) {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/'))
      return { status: 200, body: senderPage };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: ratesAnswer() };
    if (call.url.startsWith('/api/contacts/7/')) return { status: 200, body: contact };
    if (call.url.startsWith('/api/contacts/'))
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    // The summary looks for an earlier send still waiting for this recipient: none.
    if (call.method === 'GET' && call.url.startsWith('/api/transactions/'))
      return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    if (call.url.startsWith('/api/transactions/')) return { status: 201, body: payout };
    return { status: 500 };
  });
}

async function open(path = '/transactions/create?contact=7&transaction=send') {
  renderWithProviders(<TransactionCreatePage />, path);
  await screen.findByText('Youssef El Amrani');
  await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the mobile wallet among the ways a recipient can receive', () => {
  it.each([['+212612345678'], ['+212712345678']])(
    'is offered for a Moroccan mobile (%s), within minutes and with its fee',
    async (phone) => {
      api({ ...base, phone_number: phone });
      await open();
      expect(screen.getByTestId('delivery-mobile-wallet')).toBeTruthy();
      expect(text('delivery-mobile-wallet-delay')).toBe('En quelques minutes');
      expect(text('delivery-mobile-wallet-fee')).toBe('Frais : 0,00 MAD');
      expect(screen.getByTestId<HTMLInputElement>('delivery-wallet').checked).toBe(true);
    },
  );

  it.each([
    ['a French mobile', '+33612345678'],
    ['a Moroccan landline', '+212522123456'],
    ['no phone at all', null],
  ])('is not offered to a recipient with %s', async (_, phone) => {
    api({ ...base, phone_number: phone });
    await open();
    // A recipient with a phone can still get cash at an agency; without one, the wallet is the only way (no choice).
    expect(screen.queryByTestId('delivery-pickup') !== null).toBe(phone !== null);
    expect(screen.queryByTestId('delivery-mobile-wallet')).toBeNull();
  });

  it('is not offered to an agency', async () => {
    api({ ...base, public: true });
    renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
    await screen.findByTestId('create-amount');
    expect(screen.queryByTestId('delivery-mobile-wallet')).toBeNull();
  });
});

describe('sending to a mobile wallet', () => {
  it('summarises the number left to right, sends delivery mobile_wallet and says it arrives within minutes', async () => {
    const calls = api(base);
    await open();
    fireEvent.click(screen.getByTestId('delivery-mobile-wallet'));
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('create-next'));
    await screen.findByTestId('create-summary');
    expect(text('summary-method')).toBe('Sur le portefeuille mobile +212 6 12 34 56 78');
    const number = [...screen.getByTestId('summary-method').querySelectorAll('bdi[dir=ltr]')].map((b) => b.textContent);
    expect(number).toEqual(['+212 6 12 34 56 78']);
    expect(text('summary-when')).toBe('En quelques minutes');
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('create-confirm'));
    await screen.findByTestId('success');
    expect(sends(calls).map((c) => c.body)).toEqual([
      { amount: '300.00', contact: 7, security_code: '123456', delivery: 'mobile_wallet' },
    ]);
    expect(screen.getByTestId('success').querySelector('h2')?.textContent).toBe('Envoyé sur le portefeuille mobile');
    expect(text('success-next')).toBe(
      'Il arrive en général sur le portefeuille en quelques minutes. Si l’opérateur ne peut pas le verser, l’argent revient sur votre solde.',
    );
  });

  it('sends to the wallet (no delivery) when the wallet stays chosen', async () => {
    const calls = api(base);
    await open();
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('create-next'));
    await screen.findByTestId('create-summary');
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('create-confirm'));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]!.body).toEqual({ amount: '300.00', contact: 7, security_code: '123456' });
  });
});

describe('a mobile wallet payout after the send', () => {
  const steps = () =>
    [...screen.getByTestId('wallet-payout-steps').querySelectorAll('li')].map((s) => [
      s.textContent,
      s.getAttribute('data-state'),
    ]);

  it('processing: the number left to right, the first step current, the delay', () => {
    renderWithProviders(<MobileWalletBlock tx={at('processing')} />);
    expect(steps()).toEqual([
      ['En cours de traitement', 'current'],
      ['Envoyé au portefeuille', 'todo'],
      ['Crédité sur le portefeuille', 'todo'],
    ]);
    expect(text('wallet-payout-phone')).toBe('+212 6 12 34 56 78');
    expect(screen.getByTestId('wallet-payout-phone').getAttribute('dir')).toBe('ltr');
    expect(text('wallet-payout-delay')).toBe('En quelques minutes');
    expect(screen.queryByTestId('wallet-payout-reference')).toBeNull();
  });

  it("sent to the wallet: the operator's reference, the second step current", () => {
    renderWithProviders(<MobileWalletBlock tx={at('sent_to_wallet', { partner_reference: 'SBX-42' })} />);
    expect(steps()).toEqual([
      ['En cours de traitement', 'done'],
      ['Envoyé au portefeuille', 'current'],
      ['Crédité sur le portefeuille', 'todo'],
    ]);
    expect(text('wallet-payout-reference')).toBe('SBX-42');
  });

  it('credited: every step done, no delay, no reason', () => {
    renderWithProviders(<MobileWalletBlock tx={at('credited', { partner_reference: 'SBX-42' })} />);
    expect(steps().every(([, state]) => state === 'done')).toBe(true);
    expect(steps()[2]![0]).toBe('Crédité sur le portefeuille');
    expect(screen.queryByTestId('wallet-payout-delay')).toBeNull();
    expect(screen.queryByTestId('wallet-payout-return-reason')).toBeNull();
  });

  it.each([
    ['wallet_not_found', 'L’argent est revenu sur votre solde : il n’y a pas de portefeuille mobile sur ce numéro.'],
    ['wallet_ceiling_exceeded', 'L’argent est revenu sur votre solde : le plafond du portefeuille serait dépassé.'],
    ['partner_unavailable', 'L’argent est revenu sur votre solde : l’opérateur du portefeuille était indisponible.'],
  ] as const)('returned (%s): the last step is the return, with the reason in French', (reason, said) => {
    renderWithProviders(<MobileWalletBlock tx={at('returned', { return_reason: reason })} />);
    expect(steps()[2]).toEqual(['Revenu sur votre solde', 'returned']);
    expect(text('wallet-payout-return-reason')).toBe(said);
    expect(screen.queryByTestId('wallet-payout-delay')).toBeNull();
  });

  it('held for review: says it is being checked, no delay; refused by the review: returned with no reason', () => {
    const { unmount } = renderWithProviders(<MobileWalletBlock tx={{ ...payout, status: 'on_hold' }} />);
    expect(text('under-review')).toContain('En cours de vérification');
    expect(screen.queryByTestId('wallet-payout-delay')).toBeNull();
    unmount();
    renderWithProviders(<MobileWalletBlock tx={{ ...at('returned'), status: 'refunded' }} />);
    expect(steps()[2]).toEqual(['Revenu sur votre solde', 'returned']);
    expect(screen.queryByTestId('wallet-payout-return-reason')).toBeNull();
  });

  it('returned, in Arabic: the reason in Arabic and the number still left to right', async () => {
    await applyLanguage('ar');
    try {
      renderWithProviders(<MobileWalletBlock tx={at('returned', { return_reason: 'wallet_not_found' })} />);
      expect(text('wallet-payout-return-reason')).toBe('عاد المبلغ إلى رصيدك: لا توجد محفظة إلكترونية على هذا الرقم.');
      expect(screen.getByTestId('wallet-payout-phone').getAttribute('dir')).toBe('ltr');
    } finally {
      await applyLanguage('fr');
    }
  });

  it('the success screen of a payout held for review says only that it is being processed', () => {
    renderWithProviders(<CreateSuccess tx={{ ...payout, status: 'on_hold' }} party="Youssef El Amrani" />);
    expect(screen.getByTestId('success').querySelector('h2')?.textContent).not.toBe(
      'Envoyé sur le portefeuille mobile',
    );
  });

  it("the timeline's return step says the operator's reason, not a compliance check; a hold still says only that", () => {
    const timeline = [
      { status: 'created', at: '2026-11-29T10:00:00.000Z' },
      { status: 'on_hold', at: '2026-11-29T10:00:01.000Z', reason: 'compliance_review' },
      { status: 'submitted', at: '2026-11-29T10:00:02.000Z' },
      { status: 'refunded', at: '2026-11-29T10:00:03.000Z', reason: 'wallet_ceiling_exceeded' },
    ];
    const { unmount } = renderWithProviders(
      <Timeline tx={{ ...at('returned', { return_reason: 'wallet_ceiling_exceeded' }), timeline } as Transaction} />,
    );
    expect(screen.getAllByTestId('hold-reason')).toHaveLength(1);
    expect(text('return-reason')).toBe('Motif : le plafond du portefeuille serait dépassé');
    unmount();
    // A bank deposit's return carries the bank's code, read the same way as on its detail.
    renderWithProviders(
      <Timeline
        tx={{ ...payout, timeline: [{ status: 'refunded', at: '2026-11-29T10:00:03.000Z', reason: 'AC01' }] }}
      />,
    );
    expect(text('return-reason')).toBe('Motif : le numéro de compte est incorrect.');
    expect(screen.queryByTestId('hold-reason')).toBeNull();
  });
});
