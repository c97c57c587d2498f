import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { counterMessages, withdrawalMessages } from '../../../common/api/messages';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { WithdrawalPayout } from './WithdrawalPayout';
import { Component as WithdrawPage } from './WithdrawPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'A'.repeat(22);

const withdrawal = (status: string) => ({
  id: 41,
  amount: '300.00',
  currency: 'MAD',
  category: 'withdrawal',
  status,
  date: '2026-11-23T10:00:00.000Z',
  sender: 6,
  recipient: null,
  contact: 3,
  sender_first_name: 'Amina',
  sender_last_name: 'Benali',
  recipient_first_name: 'Wallet Casablanca Centre',
  recipient_last_name: null,
  recipient_phone_number: null,
  recipient_address: '20 Boulevard Mohammed V',
  recipient_zip_code: '20250',
  recipient_city: 'Casablanca',
  tx_id: null,
  token: null,
  identifier: 'ABCD-EFGH-JKLM',
  validated: status === 'validated',
  expires_at: null,
  validated_at: null,
});

describe("the teller's withdrawal screen", () => {
  it('names the customer (no internal id), says what to check, offers the steps', async () => {
    stubFetch(() => ({ status: 200, body: withdrawal('pending') }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    const card = await screen.findByTestId('withdraw-transaction');
    expect(screen.getByTestId('withdraw-sender').textContent).toBe('Amina Benali');
    expect(card.textContent).not.toMatch(/\b6 —/);
    expect(card.textContent).toContain('À remettre au client');
    const checklist = within(screen.getByTestId('withdraw-checklist'));
    expect(checklist.getByText(/La pièce d’identité du client est au nom de/).textContent).toContain('Amina Benali');
    // One name and one spelling for the reference, on this card and on the customer's phone.
    expect(screen.getByTestId('withdraw-identifier').textContent).toBe('ABCD-EFGH-JKLM');
    expect(card.textContent).toContain('Référence');
    expect(card.textContent).not.toContain('Identifiant');
    expect(checklist.getByText(/La référence affichée sur le téléphone du client est la même/)).not.toBeNull();
    expect(screen.queryByTestId('withdraw-validate')).not.toBeNull();
    expect(screen.queryByTestId('confirm-amount')).not.toBeNull();
  });

  it('a paid withdrawal has no validate button or steps: it says it is done and offers the next scan', async () => {
    stubFetch(() => ({ status: 200, body: withdrawal('validated') }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    expect((await screen.findByTestId('withdraw-status')).textContent).toContain('Ce retrait a déjà été payé');
    expect(screen.queryByTestId('withdraw-validate')).toBeNull();
    expect(screen.queryByTestId('confirm-amount')).toBeNull();
    expect(screen.getByTestId('teller-scan-again').getAttribute('href')).toBe('/withdraw');
  });

  it('an already paid withdrawal says when, at which agency and by which teller', async () => {
    const paid = { at: '2026-11-23T10:30:00.000Z', agency: 'Wallet Casablanca Centre', teller: 'Salma Alaoui' };
    stubFetch(() => ({ status: 200, body: { ...withdrawal('validated'), paid } }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    const status = await screen.findByTestId('withdraw-status');
    expect(status.textContent).toMatch(/^Déjà payé le 23 novembre 2026 à \d{2}:30 à l’agence Wallet Casablanca Centre par Salma Alaoui/);
  });

  it("an unknown code is 'not found' with scan and type again; another agency's keeps its own message", async () => {
    stubFetch(() => ({ status: 404, body: { detail: 'Not found.' } }));
    const { unmount } = renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    expect((await screen.findByTestId('withdraw-lookup-error')).textContent).toContain(
      'Aucun retrait ne correspond à ce code',
    );
    expect(screen.getByTestId('teller-scan-again').getAttribute('href')).toBe('/withdraw');
    expect(screen.getByTestId('teller-type-again').getAttribute('href')).toBe('/withdraw?entry=manual');
    expect(screen.queryByTestId('withdraw-validate')).toBeNull();
    unmount();

    stubFetch(() => ({ status: 404, body: { detail: withdrawalMessages.otherAgency } }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    expect((await screen.findByTestId('withdraw-lookup-error')).textContent).toContain(
      'Transaction destinée à une autre agence.',
    );
    expect(screen.queryByTestId('teller-type-again')).not.toBeNull();
  });

  it("another agency's withdrawal names that agency and its address, and offers no scan or typing again", async () => {
    const agency = { name: 'Wallet Rabat Agdal', address: '45 Avenue de France, Agdal', zip_code: '10090', city: 'Rabat' };
    stubFetch(() => ({ status: 404, body: { detail: withdrawalMessages.otherAgency, agency } }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    const notice = await screen.findByTestId('other-agency');
    expect(notice.textContent).toContain('À payer uniquement à cette agence');
    expect(screen.getByTestId('other-agency-name').textContent).toBe('Wallet Rabat Agdal');
    expect(screen.getByTestId('other-agency-address').textContent).toBe('45 Avenue de France, Agdal, 10090 Rabat');
    expect(notice.textContent).toContain('Indiquez cette adresse au client');
    expect(screen.queryByTestId('teller-type-again')).toBeNull();
    expect(screen.getByTestId('teller-scan-again').textContent).toBe('Accepter un autre retrait');
  });

  it("a frozen customer's withdrawal says only that it cannot be paid out, in the teller's language", async () => {
    stubFetch(() => ({ status: 409, body: { detail: withdrawalMessages.notPayable } }));
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    expect((await screen.findByTestId('withdraw-lookup-error')).textContent).toBe(
      'Ce retrait ne peut pas être payé. Le client peut contacter le service client.',
    );
    expect(screen.queryByTestId('withdraw-validate')).toBeNull();
    expect(screen.queryByTestId('confirm-amount')).toBeNull();
  });

  it('a payout ends on a success state: the amount, to whom, the next withdrawal or home', async () => {
    const calls = stubFetch((call) => {
      if (call.url.includes('/reserve/'))
        return { status: 200, body: { id: 41, reserved_until: '2026-11-23T10:05:00Z' } };
      if (call.url.includes('/validate/')) return { status: 200, body: withdrawal('validated') };
      return { status: 200, body: withdrawal('pending') };
    });
    renderWithProviders(<WithdrawalPayout token={TOKEN} />);
    fireEvent.click(await screen.findByTestId('confirm-amount'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('confirm-amount').checked).toBe(true));
    fireEvent.click(screen.getByTestId('withdraw-validate'));
    for (const digit of '123456') fireEvent.click(screen.getByTestId(`keypad-${digit}`));
    fireEvent.click(screen.getByTestId('withdraw-validate'));
    const success = await screen.findByTestId('payout-success');
    expect(success.textContent).toContain('Retrait payé');
    expect(screen.getByTestId('payout-success-text').textContent).toMatch(/300,00\sMAD.*remis à .*Amina Benali/);
    expect(screen.getByTestId('success-home').getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.url.endsWith('/validate/') && c.method === 'POST')).toBe(true);
  });
});

describe("the counter's one lookup field", () => {
  it('takes the reference the customer reads out and opens what the server found', async () => {
    const calls = stubFetch((call) =>
      call.url.includes('/counter/lookup/')
        ? { status: 200, body: { kind: 'withdrawal', reference: 'ABCD-EFGH-JKLM' } }
        : { status: 200, body: withdrawal('pending') },
    );
    renderWithProviders(<WithdrawPage />, '/withdraw');
    expect(screen.getByText('Référence lue par le client')).not.toBeNull();
    expect(screen.getByTestId('counter-entry-hint').textContent).toContain('9956-8QUF-HDGU');
    expect(screen.getByTestId('counter-entry-hint').textContent).toContain('184 686 1498');
    const input = screen.getByTestId('manual-token');
    fireEvent.input(input, { target: { value: 'abcd efgh jklm' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('withdraw-transaction')).textContent).toContain('Amina Benali');
    expect(calls[0]?.url).toContain('/counter/lookup/?reference=abcd%20efgh%20jklm');
    expect(calls[1]?.url).toContain('/withdrawals/ABCD-EFGH-JKLM/');
  });

  it("text that is no reference shows the server's field message in the teller's language, on the field", async () => {
    stubFetch(() => ({ status: 400, body: { reference: [counterMessages.format] } }));
    renderWithProviders(<WithdrawPage />, '/withdraw?entry=manual');
    const input = screen.getByTestId('manual-token');
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'abc' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('manual-token-error')).textContent).toBe(
      'Saisissez la référence du retrait (12 lettres et chiffres), celle du retrait en espèces (10 chiffres) ou le code du QR.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('a reference that names nothing says to check it with the customer, and the teller stays on the field', async () => {
    stubFetch(() => ({ status: 404, body: { detail: 'Not found.' } }));
    renderWithProviders(<WithdrawPage />, '/withdraw');
    const input = screen.getByTestId('manual-token');
    fireEvent.input(input, { target: { value: 'ZZZZ-ZZZZ-ZZZZ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('manual-token-error')).textContent).toContain('Vérifiez-la avec le client');
    expect(screen.queryByTestId('withdraw-transaction')).toBeNull();
  });
});
