import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityCodeErrors } from '../../../common/api/messages';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { ratesAnswer } from './rates-fixture';
import { Component as TransactionCreatePage } from './TransactionCreatePage';
import { sender } from './send-flow-fixtures';

const user = (balance: string, limits: unknown[] = []) => ({ ...sender, balance, limits });
const contact = {
  id: 7,
  first_name: 'Youssef',
  last_name: 'El Amrani',
  phone_number: null,
  email: 'y@example.com',
  account_id: '0xdef',
  contact_user: 12,
  public: false,
  proximity: null,
  address: null,
  zip_code: null,
  city: null,
  latitude: null,
  longitude: null,
};
const sent = {
  id: 55,
  amount: '120.00',
  currency: 'MAD',
  category: 'sending',
  status: 'completed',
  date: '2026-11-23T10:00:00.000Z',
  sender: 1,
  recipient: 12,
  contact: 7,
  sender_first_name: 'Amina',
  sender_last_name: 'B',
  recipient_first_name: 'Youssef',
  recipient_last_name: 'El Amrani',
  recipient_phone_number: null,
  recipient_address: null,
  recipient_zip_code: null,
  recipient_city: null,
  tx_id: null,
  token: null,
  identifier: null,
  validated: false,
  expires_at: null,
  validated_at: null,
};

/** Intl puts narrow no-break spaces in French amounts; compare on plain spaces. */
const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');

function api(
  balance: string,
  post: (call: RecordedCall) => { status: number; body?: unknown },
  transferMax?: string,
  limits: unknown[] = [],
): RecordedCall[] {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/'))
      return { status: 200, body: { count: 1, next: null, previous: null, results: [user(balance, limits)] } };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: ratesAnswer(transferMax) };
    if (call.url.startsWith('/api/contacts/7/')) return { status: 200, body: contact };
    return post(call);
  });
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

async function openWithAmount(amount: string) {
  renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
  await screen.findByText('Youssef El Amrani');
  await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
  fireEvent.input(screen.getByTestId('create-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('create-next'));
}

function typeCode(code: string) {
  fireEvent.input(screen.getByTestId('pin-input'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('create-confirm'));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransactionCreatePage', () => {
  it('refuses at step 1 an amount above the balance, saying the balance, before any code is asked', async () => {
    const calls = api('1105.00', () => ({ status: 500 }));
    await openWithAmount('5000');
    // And what to do: add the 3,895.00 MAD missing, in euros at the customer's rate, from a prefilled add-money page.
    expect(text('create-error')).toBe('Solde insuffisant : vous disposez de 1 105,00 MAD. Ajouter 364,02 EUR à mon solde');
    expect(screen.getByTestId('create-add-money').getAttribute('href')).toMatch(/^\/exchange\?amount=364\.02\b/);
    expect(screen.queryByTestId('pin-input')).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('refuses at step 1 an amount above the per-operation maximum, and under the minimum', async () => {
    api('50000.00', () => ({ status: 500 }));
    await openWithAmount('20000.01');
    expect(text('create-error')).toBe('Le montant maximum par opération est de 20 000,00 MAD.');
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '0,50' } });
    fireEvent.click(screen.getByTestId('create-next'));
    expect(text('create-error')).toBe('Veuillez saisir un montant supérieur à 1 MAD.');
    expect(screen.queryByTestId('pin-input')).toBeNull();
  });

  it("refuses at step 1 what the customer's level no longer allows, and Max stops there", async () => {
    const outgoing = {
      kind: 'outgoing',
      currency: 'MAD',
      limit: '20000.00',
      used: '18500.00',
      remaining: '1500.00',
      resets_at: '2026-12-20T10:00:00.000Z',
      per_operation: '10000.00',
    };
    const calls = api('5000.00', () => ({ status: 500 }), undefined, [outgoing]);
    await openWithAmount('2000');
    expect(text('create-error')).toBe('Limite atteinte pour votre niveau : il vous reste 1 500,00 MAD.');
    expect(screen.queryByTestId('pin-input')).toBeNull();
    fireEvent.click(screen.getByTestId('create-max'));
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value.replace(/\s/g, ' ')).toBe('1 500,00');
    expect(posts(calls)).toEqual([]);
  });

  it('checks the maximum the server is configured with, not a constant of the page', async () => {
    const calls = api('10000.00', () => ({ status: 500 }), '5000.00');
    await openWithAmount('6000');
    expect(text('create-error')).toBe('Le montant maximum par opération est de 5 000,00 MAD.');
    expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('create-max'));
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value.replace(/\s/g, ' ')).toBe('5 000,00');
    expect(posts(calls)).toEqual([]);
  });

  it('summarises what the code confirms, and Back from step 2 keeps the amount', async () => {
    api('1105.00', () => ({ status: 500 }));
    await openWithAmount('120,5');
    expect(text('summary-amount')).toBe('120,50 MAD');
    expect(text('summary-party')).toBe('Youssef El Amrani');
    expect(text('summary-fees')).toBe('0,00 MAD');
    expect(text('summary-receives')).toBe('120,50 MAD');
    expect(text('summary-when')).toBe('Immédiatement');
    fireEvent.click(screen.getByTestId('back-link'));
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value).toBe('120,5');
  });

  it('tells a wrong code (with the tries left) from a too short one, and a lock with its end time', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 400,
      body: { security_code: [securityCodeErrors.invalid], attempts_remaining: 3 },
    };
    api('1105.00', () => answer);
    await openWithAmount('120');
    typeCode('123');
    expect(text('create-error')).toBe('Veuillez saisir un code de sécurité valide.');
    typeCode('123456');
    await waitFor(() => expect(text('create-error')).toBe('Code de sécurité incorrect. Il vous reste 3 essais.'));
    const until = new Date(Date.UTC(2026, 10, 23, 14, 45));
    answer = { status: 429, body: { security_code: [securityCodeErrors.locked], locked_until: until.toISOString() } };
    typeCode('123457');
    const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }).format(until);
    await waitFor(() =>
      expect(text('create-error')).toBe(`Trop de codes erronés : code bloqué jusqu’à ${time}.`.replace(/\s/g, ' ')),
    );
  });

  it('goes back to step 1, amount kept, when the server refuses the amount', async () => {
    api('1105.00', () => ({ status: 400, body: { amount: ['Not enough funds'] } }));
    await openWithAmount('120');
    typeCode('123456');
    // The balance seemed enough here (it changed meanwhile): the way to add money, without a gap to prefill.
    await waitFor(() => expect(text('create-error')).toBe('Solde insuffisant. Ajouter de l’argent'));
    expect(screen.getByTestId('create-add-money').getAttribute('href')).toMatch(/^\/exchange(\?|$)/);
    expect(screen.getByTestId<HTMLInputElement>('create-amount').value).toBe('120');
  });

  it('confirms a send: what was sent, to whom, and what comes next', async () => {
    const calls = api('1105.00', () => ({ status: 201, body: sent }));
    await openWithAmount('120');
    typeCode('123456');
    await screen.findByTestId('success');
    expect(screen.getByRole('heading', { name: 'Argent envoyé' })).toBeTruthy();
    expect(text('success-amount')).toBe('120,00 MAD · Youssef El Amrani');
    expect(text('success-next')).toBe('L’argent est déjà sur le compte de votre proche.');
    expect(posts(calls)).toHaveLength(1);
  });
});
