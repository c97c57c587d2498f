import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayeeCheckResponse } from '../../../common/api/payouts';
import type { Transaction } from '../../../common/api/transactions';
import { payoutMessages } from '../../../common/api/payouts';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { BankDepositBlock } from './BankDepositBlock';
import { CreateSuccess } from './CreateSuccess';
import { ratesAnswer } from './rates-fixture';
import { recipientContact, senderPage, textOf as text } from './send-flow-fixtures';
import { Component as TransactionCreatePage } from './TransactionCreatePage';

/**
 * A send to a recipient's Moroccan bank account, as the sender sees it: the ways this recipient can receive, the
 * bank's answer on the name before the code, the explicit 'send all the same' when the name is not confirmed,
 * and where the deposit is afterwards.
 */

const RIB = '007780000123456789012396';
const base = { ...recipientContact, phone_number: null as string | null };
const withRib = { ...base, phone_number: '+212612345678', rib: RIB, rib_bank: 'Attijariwafa bank', rib_holder: 'YOUSSEF EL AMRANI' };

const check = (result: PayeeCheckResponse['result']): PayeeCheckResponse => ({
  result,
  holder_name: 'YOUSSEF EL AMRANI',
  bank_holder_name: result === 'close_match' ? 'Y EL AMRANI' : null,
  rib: RIB,
  bank: 'Attijariwafa bank',
  expected_arrival: '2026-12-01',
  needs_confirmation: result === 'no_match' || result === 'close_match',
});

const deposit = {
  id: 90,
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
  delivery: 'bank_deposit',
  payout: {
    method: 'bank_deposit',
    rib: RIB,
    bank: 'Attijariwafa bank',
    holder_name: 'YOUSSEF EL AMRANI',
    expected_arrival: '2026-12-01',
    payee_check: 'match',
    bank_holder_name: null,
    return_reason: null,
  },
} as unknown as Transaction;

const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.startsWith(path));

function api(contact: typeof base, payee: () => { status: number; body?: unknown }, send: () => { status: number; body?: unknown } = () => ({ status: 201, body: deposit })) {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) return { status: 200, body: senderPage };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: ratesAnswer() };
    if (call.url.startsWith('/api/contacts/7/')) return { status: 200, body: contact };
    if (call.url.startsWith('/api/contacts/')) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    if (call.url.startsWith('/api/transactions/payee-check/')) return payee();
    if (call.url.startsWith('/api/transactions/')) return send();
    return { status: 500 };
  });
}

async function open() {
  renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
  await screen.findByText('Youssef El Amrani');
  await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
}

async function toCode(amount = '300') {
  fireEvent.click(screen.getByTestId('delivery-bank'));
  fireEvent.input(screen.getByTestId('create-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('create-next'));
  await screen.findByTestId('payee-check');
}

function typeCodeAndSend() {
  fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('create-confirm'));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the ways a recipient can receive', () => {
  it('offers the wallet, cash at an agency, the bank account and the mobile wallet to a recipient with a Moroccan mobile and a RIB, each with its delay and fee', async () => {
    api(withRib, () => ({ status: 200, body: check('match') }));
    await open();
    const choice = screen.getByTestId('delivery-choice');
    expect([...choice.querySelectorAll('input[type=radio]')].map((r) => r.getAttribute('data-testid'))).toEqual([
      'delivery-wallet',
      'delivery-pickup',
      'delivery-bank',
      'delivery-mobile-wallet',
    ]);
    expect(text('delivery-wallet-delay')).toBe('Immédiatement si la personne a un compte, sinon dès l’ouverture de son compte');
    expect(text('delivery-pickup-delay')).toBe('Disponible tout de suite en agence, avec une pièce d’identité');
    expect(text('delivery-bank-delay')).toBe('Date d’arrivée donnée dès que vous choisissez ce mode');
    expect(text('delivery-bank-fee')).toBe('Frais : 0,00 MAD');
    expect(screen.getByTestId<HTMLInputElement>('delivery-wallet').checked).toBe(true);
    // The arrival date is the server's (the payee check's answer), not a guess of the page.
    fireEvent.click(screen.getByTestId('delivery-bank'));
    await waitFor(() => expect(text('delivery-bank-delay')).toBe('Arrive sur son compte d’ici le mardi 1er décembre'));
  });

  it('asks the bank nothing for opening a recipient with a RIB, then once per send flow when the bank account is chosen', async () => {
    const calls = api(withRib, () => ({ status: 200, body: check('match') }));
    await open();
    expect(screen.getByTestId('delivery-bank')).toBeTruthy();
    expect(posts(calls, '/api/transactions/payee-check/')).toEqual([]);
    fireEvent.click(screen.getByTestId('delivery-bank'));
    await waitFor(() => expect(text('delivery-bank-delay')).toBe('Arrive sur son compte d’ici le mardi 1er décembre'));
    // Back to the wallet, the bank account again, then the summary: the answer of this flow is kept.
    fireEvent.click(screen.getByTestId('delivery-wallet'));
    fireEvent.click(screen.getByTestId('delivery-bank'));
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('create-next'));
    await screen.findByTestId('payee-check');
    expect(posts(calls, '/api/transactions/payee-check/').map((c) => c.body)).toEqual([{ contact: 7 }]);
  });

  it('offers no bank account to a recipient without a RIB, and asks the bank nothing', async () => {
    const calls = api({ ...base, phone_number: '+212612345678' }, () => ({ status: 200, body: check('match') }));
    await open();
    expect(screen.getByTestId('delivery-pickup')).toBeTruthy();
    expect(screen.queryByTestId('delivery-bank')).toBeNull();
    expect(posts(calls, '/api/transactions/payee-check/')).toEqual([]);
  });

  it('offers the bank account beside the wallet to a recipient with a RIB and no phone (no cash pickup)', async () => {
    api({ ...withRib, phone_number: null }, () => ({ status: 200, body: check('match') }));
    await open();
    expect(screen.getByTestId('delivery-bank')).toBeTruthy();
    expect(screen.queryByTestId('delivery-pickup')).toBeNull();
  });
});

describe('confirmation of payee before the code', () => {
  it.each([
    ['match', 'Le nom correspond au titulaire du compte.'],
    ['close_match', 'Nom proche : la banque a « Y EL AMRANI ».'],
    ['no_match', 'Le nom ne correspond pas au titulaire de ce compte.'],
    ['unavailable', 'La banque n’a pas pu vérifier le nom.'],
  ] as const)('shows the bank’s answer %s, the name as sent and the RIB grouped left to right', async (result, said) => {
    api(withRib, () => ({ status: 200, body: check(result) }));
    await open();
    await toCode();
    expect(screen.getByTestId('payee-check').getAttribute('data-result')).toBe(result);
    expect(text('payee-check-result')).toBe(said);
    expect(text('payee-holder')).toBe('YOUSSEF EL AMRANI');
    expect(screen.getByTestId('payee-rib').textContent).toBe('007 780 0001 2345 6789 0123 96');
    expect(screen.getByTestId('payee-rib').getAttribute('dir')).toBe('ltr');
    expect(text('summary-when')).toBe('D’ici le mardi 1er décembre');
    expect(text('summary-method')).toBe('Sur son compte bancaire');
    // Only a name the bank does not confirm asks for the sender's explicit confirmation.
    expect(screen.queryByTestId('payee-confirm') !== null).toBe(result === 'no_match' || result === 'close_match');
  });

  it('sends a matching name as a bank deposit, without confirm_payee, and says when it arrives', async () => {
    const calls = api(withRib, () => ({ status: 200, body: check('match') }));
    await open();
    await toCode();
    typeCodeAndSend();
    await screen.findByTestId('success');
    expect(posts(calls, '/api/transactions/').filter((c) => c.url === '/api/transactions/').map((c) => c.body)).toEqual([
      { amount: '300.00', contact: 7, security_code: '123456', delivery: 'bank_deposit' },
    ]);
    expect(text('success-next')).toBe('Il arrivera sur le compte bancaire d’ici le mardi 1er décembre. S’il revient, l’argent retourne sur votre solde.');
  });

  it('refuses to send to a name the bank does not match until the box is ticked, then sends confirm_payee', async () => {
    const calls = api(withRib, () => ({ status: 200, body: check('no_match') }));
    await open();
    await toCode();
    typeCodeAndSend();
    expect(text('payee-confirm-error')).toBe('Cochez la case pour envoyer malgré la réponse de la banque.');
    expect(screen.getByTestId('payee-confirm').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.url === '/api/transactions/')).toEqual([]);
    fireEvent.click(screen.getByTestId('payee-confirm'));
    expect(text('payee-confirm-error')).toBe('');
    fireEvent.click(screen.getByTestId('create-confirm'));
    await screen.findByTestId('success');
    expect(calls.filter((c) => c.url === '/api/transactions/').map((c) => c.body)).toEqual([
      { amount: '300.00', contact: 7, security_code: '123456', delivery: 'bank_deposit', confirm_payee: true },
    ]);
  });

  it("shows the server's refusal of confirm_payee at the box, in French, and asks the bank again", async () => {
    let answer = check('match');
    const calls = api(
      withRib,
      () => ({ status: 200, body: answer }),
      () => ({ status: 400, body: { confirm_payee: [payoutMessages.confirmPayee] } }),
    );
    await open();
    await toCode();
    // The bank changed its answer between the summary and the send.
    answer = check('no_match');
    typeCodeAndSend();
    await waitFor(() =>
      expect(text('payee-confirm-error')).toBe('La banque du destinataire ne confirme pas ce nom : confirmez pour envoyer quand même.'),
    );
    expect(screen.getByTestId('payee-check').getAttribute('data-result')).toBe('no_match');
    expect(posts(calls, '/api/transactions/payee-check/').length).toBe(2);
  });

  it("shows a refusal of the recipient at the choice of how they receive, in French", async () => {
    api(
      withRib,
      () => ({ status: 200, body: check('match') }),
      () => ({ status: 400, body: { contact: [payoutMessages.notAPerson] } }),
    );
    await open();
    await toCode();
    typeCodeAndSend();
    const error = await screen.findByTestId('delivery-error');
    expect(error.textContent).toBe('Un virement bancaire s’envoie à une personne, pas à une agence.');
    expect(within(screen.getByTestId('delivery-choice')).getByTestId('delivery-error')).toBe(error);
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value).toBe('300');
  });

  it('keeps the send closed while the bank has not answered, and says why when the check failed', async () => {
    api(withRib, () => ({ status: 400, body: { contact: [payoutMessages.noRib] } }));
    await open();
    fireEvent.click(screen.getByTestId('delivery-bank'));
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('create-next'));
    await screen.findByTestId('payee-check-failed');
    expect(screen.getByTestId('payee-check-failed').textContent).toContain('Ce destinataire n’a pas de compte bancaire (RIB)');
    expect(screen.getByTestId('create-confirm').hasAttribute('disabled')).toBe(true);
  });
});

describe('a bank deposit after the send', () => {
  it('while processing: the steps, the account and the expected arrival date', () => {
    renderWithProviders(<BankDepositBlock tx={deposit} />);
    const steps = [...screen.getByTestId('payout-steps').querySelectorAll('li')];
    expect(steps.map((s) => [s.textContent, s.getAttribute('data-state')])).toEqual([
      ['En cours de traitement', 'current'],
      ['Envoyé à la banque', 'todo'],
      ['Crédité sur le compte', 'todo'],
    ]);
    expect(text('payout-arrival')).toBe('Arrivée prévue le mardi 1er décembre');
    expect(screen.getByTestId('payout-rib').getAttribute('dir')).toBe('ltr');
    expect(text('payout-holder')).toBe('YOUSSEF EL AMRANI');
  });

  it('sent to the bank, then credited: no arrival date once it is there', () => {
    const { unmount } = renderWithProviders(<BankDepositBlock tx={{ ...deposit, status: 'submitted' }} />);
    expect(screen.getByTestId('payout-steps').querySelector('[data-state=current]')?.textContent).toBe('Envoyé à la banque');
    unmount();
    renderWithProviders(<BankDepositBlock tx={{ ...deposit, status: 'completed' }} />);
    expect([...screen.getByTestId('payout-steps').querySelectorAll('li')].every((s) => s.getAttribute('data-state') === 'done')).toBe(true);
    expect(screen.queryByTestId('payout-arrival')).toBeNull();
  });

  it('held for review: says it is being checked, with no arrival date and nothing of why', () => {
    renderWithProviders(<BankDepositBlock tx={{ ...deposit, status: 'on_hold' }} />);
    expect(text('under-review')).toContain('En cours de vérification');
    expect(screen.queryByTestId('payout-arrival')).toBeNull();
    expect(screen.getByTestId('payout-steps').querySelector('[data-state=current]')?.textContent).toBe('En cours de traitement');
  });

  it("returned: the bank's reason in the sender's language, an unknown code as a refusal", () => {
    const returned = { ...deposit, status: 'refunded', payout: { ...deposit.payout!, return_reason: 'AC01' } } as Transaction;
    const { unmount } = renderWithProviders(<BankDepositBlock tx={returned} />);
    const last = screen.getByTestId('payout-steps').querySelector('li:last-child');
    expect([last?.textContent, last?.getAttribute('data-state')]).toEqual(['Revenu sur votre solde', 'returned']);
    expect(text('payout-return-reason')).toBe('Motif : le numéro de compte est incorrect.');
    expect(screen.queryByTestId('payout-arrival')).toBeNull();
    unmount();
    renderWithProviders(<BankDepositBlock tx={{ ...returned, payout: { ...returned.payout!, return_reason: 'XX99' } }} />);
    expect(text('payout-return-reason')).toBe('Motif : la banque a refusé le virement.');
  });

  it('the success screen names it a bank transfer', () => {
    renderWithProviders(<CreateSuccess tx={deposit} party="Youssef El Amrani" />);
    expect(screen.getByTestId('success').querySelector('h2')?.textContent).toBe('Virement envoyé');
  });
});
