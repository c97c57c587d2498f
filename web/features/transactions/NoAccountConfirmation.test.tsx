import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { ratesAnswer } from './rates-fixture';
import { recipientContact, senderPage, textOf as text } from './send-flow-fixtures';
import { Component as TransactionCreatePage } from './TransactionCreatePage';

/**
 * The confirmation of a send to someone whose account is not shown: it says what happens without one (the money
 * waits, one invitation a week), and says plainly 'no account yet' once an earlier send of the sender waits for them.
 */

const recipient = recipientContact;
const waitingSend = { id: 70, amount: '50.00', currency: 'MAD', category: 'sending', status: 'unclaimed', contact: 7 };


function api(contact: typeof recipient, earlier: unknown[] = []) {
  return stubFetch((call) => {
    if (call.url.startsWith('/api/users/')) return { status: 200, body: senderPage };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: ratesAnswer() };
    if (call.url.startsWith('/api/contacts/7/')) return { status: 200, body: contact };
    if (call.url.startsWith('/api/transactions/')) return { status: 200, body: { count: earlier.length, next: null, previous: null, results: earlier } };
    return { status: 500 };
  });
}

async function toConfirmation() {
  renderWithProviders(<TransactionCreatePage />, '/transactions/create?contact=7&transaction=send');
  await screen.findByText('Youssef El Amrani');
  await waitFor(() => expect(screen.getByTestId('create-max').hasAttribute('disabled')).toBe(false));
  fireEvent.input(screen.getByTestId('create-amount'), { target: { value: '300' } });
  fireEvent.click(screen.getByTestId('create-next'));
  await screen.findByTestId('create-summary');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the confirmation of a send to someone without a shown account', () => {
  it('before any send, says what happens if they have no account and that the SMS invitation goes at most once a week', async () => {
    const calls = api(recipient);
    await toConfirmation();
    expect(text('summary-no-account')).toBe(
      'Si la personne n’a pas encore de compte, l’argent attendra l’ouverture de son compte. Une invitation lui est envoyée par SMS, au plus une fois par semaine.',
    );
    expect(calls.some((c) => c.url.startsWith('/api/transactions/?') && c.url.includes('contact=7'))).toBe(true);
  });

  it('once an earlier send waits for them, says plainly that they have no account yet', async () => {
    api(recipient, [waitingSend]);
    await toConfirmation();
    await waitFor(() =>
      expect(text('summary-no-account')).toBe(
        'Youssef El Amrani n’a pas encore de compte : l’argent attendra l’ouverture de son compte. Une invitation lui est envoyée par SMS, au plus une fois par semaine.',
      ),
    );
    expect(text('summary-when')).toBe('Dès l’ouverture de son compte');
  });

  it('an e-mail-only recipient is invited by e-mail', async () => {
    api({ ...recipient, phone_number: null });
    await toConfirmation();
    expect(text('summary-no-account')).toContain('Une invitation lui est envoyée par e-mail, au plus une fois par semaine.');
  });

  it('says nothing of it for a recipient whose account is shown', async () => {
    api({ ...recipient, contact_user: 12, account_id: '0xdef' });
    await toConfirmation();
    expect(screen.queryByTestId('summary-no-account')).toBeNull();
    expect(text('summary-when')).toBe('Immédiatement');
  });
});
