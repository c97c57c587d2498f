import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '../../../common/api/schedules';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { Component as ScheduleDetailPage } from './ScheduleDetailPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: Schedule = {
  id: 3,
  contact: 4,
  recipient_first_name: 'Youssef',
  recipient_last_name: 'Benali',
  amount: '1500.00',
  currency: 'MAD',
  delivery: 'wallet',
  frequency: 'monthly',
  day: 5,
  start_date: '2026-11-05',
  end_date: null,
  count: 12,
  time_zone: 'Europe/Paris',
  state: 'active',
  next_date: '2027-01-05',
  skip_date: null,
  created_at: '2026-11-01T10:00:00.000Z',
  next_occurrences: ['2027-01-05', '2027-02-05'],
  occurrences: [
    { date: '2026-12-05', outcome: 'skipped', reason: 'balance', transaction: null },
    { date: '2026-11-05', outcome: 'sent', reason: null, transaction: 81 },
  ],
};

function api() {
  let current = base;
  const calls = stubFetch((call: RecordedCall) => {
    if (call.url.startsWith('/api/rates/'))
      return { status: 200, body: { transfer_min_amount: '1.00', transfer_max_amount: '20000.00' } };
    if (call.method === 'PATCH') {
      const body = call.body as Record<string, unknown>;
      if (body.amount !== undefined && body.security_code !== '135790')
        return { status: 400, body: { security_code: ['Invalid security code'] } };
      current = {
        ...current,
        ...(body.paused === true && { state: 'paused' as const }),
        ...(body.paused === false && { state: 'active' as const }),
        ...(typeof body.amount === 'string' && { amount: body.amount }),
      };
      return { status: 200, body: current };
    }
    if (call.method === 'DELETE') {
      current = { ...current, state: 'cancelled', next_date: null };
      return { status: 204 };
    }
    return { status: 200, body: current };
  });
  return calls;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/schedules/:id" element={<ScheduleDetailPage />} />
    </Routes>,
    '/schedules/3',
  );
}

describe('a scheduled transfer’s detail', () => {
  it('shows its facts, its next dates, and each past date: sent with its transfer, skipped with the reason', async () => {
    api();
    renderPage();
    expect((await screen.findByTestId('schedule-detail-frequency', {}, { timeout: 5000 })).textContent).toBe(
      'Tous les mois, le 5',
    );
    expect(screen.getByText('12 envois')).toBeTruthy();
    expect(screen.getAllByTestId('schedule-next-date').map((d) => d.textContent)).toEqual([
      '5 janvier 2027',
      '5 février 2027',
    ]);
    const past = screen.getAllByTestId('schedule-past');
    expect(past[0]?.textContent).toBe('5 décembre 2026Non envoyé · solde insuffisant');
    expect(screen.getByTestId('schedule-past-transfer').getAttribute('href')).toBe('/transactions/81?category=sending');
  });

  it('pauses and resumes, and cancels only after the confirmation', async () => {
    const calls = api();
    renderPage();
    fireEvent.click(await screen.findByTestId('schedule-pause', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId('schedule-detail').getAttribute('data-state')).toBe('paused'));
    fireEvent.click(screen.getByTestId('schedule-resume'));
    await waitFor(() => expect(screen.getByTestId('schedule-detail').getAttribute('data-state')).toBe('active'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ paused: true }, { paused: false }]);

    fireEvent.click(screen.getByTestId('schedule-cancel'));
    expect(screen.getByRole('alertdialog').textContent).toContain('Annuler cet envoi programmé ?');
    fireEvent.click(screen.getByTestId('schedule-cancel-keep'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('schedule-cancel'));
    fireEvent.click(screen.getByTestId('schedule-cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('schedule-detail').getAttribute('data-state')).toBe('cancelled'));
    expect(screen.queryByTestId('schedule-actions')).toBeNull();
  });

  it('changes the amount with the security code, and says so under the code when it is wrong', async () => {
    const calls = api();
    renderPage();
    fireEvent.click(await screen.findByTestId('schedule-edit-amount', {}, { timeout: 5000 }));
    fireEvent.change(screen.getByTestId('schedule-new-amount'), { target: { value: '900' } });
    await waitFor(() => expect(screen.getByTestId('schedule-save-amount')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('schedule-save-amount'));
    expect(screen.getByText('Saisissez votre code de sécurité à 6 chiffres.')).toBeTruthy();
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('schedule-save-amount'));
    expect(await screen.findByText('Veuillez saisir un code de sécurité valide.')).toBeTruthy();
    fireEvent.input(screen.getByTestId('pin-input'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('schedule-save-amount'));
    await waitFor(() => expect(screen.getByTestId('schedule-detail-amount').textContent).toBe('900,00\u00A0MAD'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { amount: '900.00', security_code: '111111' },
      { amount: '900.00', security_code: '135790' },
    ]);
  });
});
