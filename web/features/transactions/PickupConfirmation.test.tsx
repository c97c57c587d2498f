import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { ratesAnswer } from './rates-fixture';
import { recipientContact, senderPage, textOf as text } from './send-flow-fixtures';
import { Component as TransactionCreatePage } from './TransactionCreatePage';

/**
 * The confirmation of a cash pickup, where the security code is asked: it speaks of cash at the counter (any
 * agency or the one chosen, the SMS reference, the ID, how long it waits), never of the recipient's account.
 */

const recipient = { ...recipientContact, email: null };
const agency = { ...recipient, id: 40, first_name: 'Wallet Rabat Agdal', last_name: '', phone_number: null, public: true, city: 'Rabat' };


function api(validDays: number | null = 30) {
  const rates = ratesAnswer();
  if (validDays === null) delete rates.pickup_valid_days;
  else rates.pickup_valid_days = validDays;
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) return { status: 200, body: senderPage };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: rates };
    if (call.url.startsWith('/api/contacts/7/')) return { status: 200, body: recipient };
    if (call.url.startsWith('/api/contacts/40/')) return { status: 200, body: agency };
    if (call.url.startsWith('/api/contacts/')) return { status: 200, body: { count: 1, next: null, previous: null, results: [agency] } };
    return { status: 500 };
  });
}

async function toConfirmation(agencyId?: string) {
  renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
  await screen.findByText('Youssef El Amrani');
  await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByTestId('delivery-pickup'));
  if (agencyId !== undefined) {
    await screen.findByRole('option', { name: /Wallet Rabat Agdal/ });
    fireEvent.change(screen.getByTestId('delivery-agency'), { target: { value: agencyId } });
  }
  fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
  fireEvent.click(screen.getByTestId('create-next'));
  await screen.findByTestId('create-summary');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the confirmation of a cash pickup', () => {
  it('says cash at any agency, the SMS reference, the ID and how long it waits, not the wallet wording', async () => {
    api();
    await toConfirmation();
    expect(text('summary-method')).toBe('En espèces dans une agence');
    expect(text('summary-when')).toBe('Dès l’envoi, en espèces dans n’importe quelle agence');
    expect(text('summary-pickup')).toContain('Votre proche reçoit par SMS une référence de retrait.');
    expect(text('summary-pickup')).toContain('une pièce d’identité à son nom');
    expect(text('summary-pickup-expiry')).toBe('À retirer dans les 30 jours, sinon l’argent revient sur votre solde.');
    expect(screen.getByTestId('create-summary').textContent).not.toContain('compte');
  });

  it('names the agency the pickup is kept to', async () => {
    api();
    await toConfirmation('40');
    await waitFor(() => expect(text('summary-when')).toBe('Dès l’envoi, en espèces à l’agence Wallet Rabat Agdal, Rabat'));
  });

  it('without the configured delay from the server, points to the date in the SMS rather than guessing', async () => {
    api(null);
    await toConfirmation();
    expect(text('summary-pickup-expiry')).toBe('À retirer avant la date indiquée dans le SMS, sinon l’argent revient sur votre solde.');
  });

  it('a send to the wallet keeps its own wording and no pickup notes', async () => {
    api();
    renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
    await screen.findByText('Youssef El Amrani');
    await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
    fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('create-next'));
    await screen.findByTestId('create-summary');
    expect(text('summary-when')).toBe('Immédiatement si la personne a un compte, sinon dès l’ouverture de son compte');
    expect(screen.queryByTestId('summary-pickup')).toBeNull();
  });
});
