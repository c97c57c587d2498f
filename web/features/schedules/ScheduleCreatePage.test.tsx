import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleMessages } from '../../../common/api/schedules';
import { transactionMessages } from '../../../common/api/messages';
import { payoutMessages } from '../../../common/api/payouts';
import { applyLanguage } from '../../i18n/i18n';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { testUser } from '../../shared/users/user.fixtures';
import { Component as ScheduleCreatePage } from './ScheduleCreatePage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await applyLanguage('fr');
});

const rates = { transfer_min_amount: '1.00', transfer_max_amount: '20000.00' };
const youssef = {
  id: 4,
  first_name: 'Youssef',
  last_name: 'E',
  public: false,
  contact_user: 9,
  phone_number: '+212600000000',
};
const fatima = {
  id: 6,
  first_name: 'Fatima',
  last_name: 'Z',
  public: false,
  contact_user: null,
  phone_number: '+33612345678',
  rib: '007780000123456789012396',
};
const agency = {
  id: 5,
  first_name: 'Agence Centre',
  last_name: '',
  public: true,
  contact_user: null,
  phone_number: null,
};

function api(post: (call: RecordedCall) => { status: number; body?: unknown }) {
  return stubFetch((call) => {
    if (call.method === 'POST') return post(call);
    if (call.url.startsWith('/api/users/'))
      return { status: 200, body: { count: 1, next: null, previous: null, results: [testUser()] } };
    if (call.url.startsWith('/api/rates/')) return { status: 200, body: rates };
    return { status: 200, body: { count: 3, next: null, previous: null, results: [youssef, fatima, agency] } };
  });
}

/** The message under a field: the element its input names in aria-describedby. */
const errorOf = (testId: string) => {
  const input = screen.getByTestId(testId);
  // The first description is the error; a date field adds its format after it.
  const [errorId = ''] = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(errorId)?.textContent;
};

async function fillValid() {
  await screen.findByRole('option', { name: 'Youssef E' }, { timeout: 5000 });
  fireEvent.change(screen.getByTestId('schedule-contact'), { target: { value: '4' } });
  fireEvent.change(screen.getByTestId('schedule-amount'), { target: { value: '1500' } });
  fireEvent.change(screen.getByTestId('schedule-day'), { target: { value: 'last' } });
  // Typed day first, as French and Arabic write a date.
  fireEvent.change(screen.getByTestId('schedule-start'), { target: { value: '10/01/2099' } });
  fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '135790' } });
}

describe('the new scheduled transfer form', () => {
  it('says under each field what is missing, and sends nothing', async () => {
    const calls = api(() => ({ status: 201, body: {} }));
    renderPage();
    await screen.findByRole('option', { name: 'Youssef E' }, { timeout: 5000 });
    // Agencies take no scheduled transfer: only people are offered.
    expect(screen.queryByRole('option', { name: /Agence/ })).toBeNull();
    fireEvent.click(screen.getByTestId('schedule-submit'));
    expect(errorOf('schedule-contact')).toBe('Choisissez un bénéficiaire.');
    expect(errorOf('schedule-amount')).toBe('Saisissez un montant, par exemple 2\u202f000,50.');
    expect(errorOf('schedule-day')).toBe('Choisissez un jour du mois de 1 à 28, ou le dernier jour.');
    expect(errorOf('schedule-start')).toBe('Saisissez une date.');
    expect(screen.getByTestId('schedule-code-error').textContent).toBe(
      'Saisissez votre code de sécurité à 6 chiffres.',
    );
    expect(screen.getByTestId('schedule-contact').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a start in the past and an end before the start before asking the server', async () => {
    const calls = api(() => ({ status: 201, body: {} }));
    renderPage();
    await fillValid();
    fireEvent.change(screen.getByTestId('schedule-start'), { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByTestId('schedule-end-count'));
    fireEvent.change(screen.getByTestId('schedule-count'), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('schedule-submit'));
    expect(errorOf('schedule-start')).toBe('Le premier envoi ne peut pas être avant aujourd’hui.');
    expect(errorOf('schedule-count')).toBe('Saisissez un nombre d’envois de 1 à 520.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the schedule and shows the server’s field errors at their fields, in Arabic', async () => {
    await applyLanguage('ar');
    const calls = api(() => ({
      status: 400,
      body: {
        start_date: [scheduleMessages.startInPast],
        amount: [transactionMessages.aboveMaximum('20000.00')],
      },
    }));
    renderPage();
    await fillValid();
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(errorOf('schedule-start')).toBe('لا يمكن أن يكون التحويل الأول قبل اليوم.'));
    expect(errorOf('schedule-amount')).toMatch(/^الحد الأقصى لكل تحويل هو .*20.?000,00.*MAD/);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      contact: 4,
      amount: '1500.00',
      delivery: 'wallet',
      frequency: 'monthly',
      day: 'last',
      start_date: '2099-01-10',
      security_code: '135790',
    });
    // The code is asked again after a refusal.
    expect(screen.getByTestId<HTMLInputElement>('pin-input').value).toBe('');
  });

  it('offers the ways this recipient can receive and sends the one chosen', async () => {
    const calls = api(() => ({ status: 201, body: { id: 1 } }));
    renderPage();
    await fillValid();
    // A Moroccan mobile without a bank account: the wallet, cash, the mobile wallet; no bank deposit.
    const offered = screen.getAllByRole('radio', { name: /.+/ }).filter((r) => r.getAttribute('name') === 'delivery');
    expect(offered.map((r) => r.getAttribute('value'))).toEqual(['wallet', 'cash_pickup', 'mobile_wallet']);
    expect(screen.getByTestId<HTMLInputElement>('schedule-delivery-wallet').checked).toBe(true);
    fireEvent.click(screen.getByTestId('schedule-delivery-mobile-wallet'));
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ delivery: 'mobile_wallet' }),
    );
  });

  it('shows a refusal of the way under the ways, and asks to confirm a name the bank does not confirm', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { delivery: [payoutMessages.noRib] },
    };
    const calls = api(() => answer);
    renderPage();
    await fillValid();
    fireEvent.change(screen.getByTestId('schedule-contact'), { target: { value: '6' } });
    // A French number and a RIB: the wallet, cash and the bank deposit.
    expect(screen.queryByTestId('schedule-delivery-mobile-wallet')).toBeNull();
    fireEvent.click(screen.getByTestId('schedule-delivery-bank'));
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(screen.getByTestId('schedule-delivery').textContent).toContain('RIB'));
    answer = { status: 400, body: { confirm_payee: [payoutMessages.confirmPayee] } };
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('schedule-submit'));
    const confirm = await screen.findByTestId('schedule-confirm-payee');
    fireEvent.click(confirm);
    answer = { status: 201, body: { id: 2 } };
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST')[2]?.body).toMatchObject({
      contact: 6,
      delivery: 'bank_deposit',
      confirm_payee: true,
    });
  });

  it('starts from the way of the transfer it repeats', async () => {
    api(() => ({ status: 201, body: {} }));
    renderPage('/schedules/new?contact=4&amount=250.00&delivery=cash_pickup');
    await screen.findByRole('option', { name: 'Youssef E' }, { timeout: 5000 });
    expect(screen.getByTestId<HTMLInputElement>('schedule-delivery-pickup').checked).toBe(true);
  });

  it('starts from the recipient and amount of the transfer it repeats', async () => {
    api(() => ({ status: 201, body: {} }));
    renderPage('/schedules/new?contact=4&amount=250.00&frequency=monthly');
    await screen.findByRole('option', { name: 'Youssef E' }, { timeout: 5000 });
    expect(screen.getByTestId<HTMLSelectElement>('schedule-contact').value).toBe('4');
    expect(screen.getByTestId<HTMLInputElement>('schedule-amount').value).toBe('250,00');
    expect(screen.getByTestId<HTMLInputElement>('schedule-frequency-monthly').checked).toBe(true);
  });
});

function renderPage(route = '/schedules/new') {
  return renderWithProviders(<ScheduleCreatePage />, route);
}
