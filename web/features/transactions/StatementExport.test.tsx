import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementMessages } from '../../../common/api/messages';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { statementPeriod } from '../../shared/transactions/transaction-rules';
import { StatementExport } from './StatementExport';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('statement export', () => {
  it('asks for the CSV of the filters’ days (end exclusive) and saves it', async () => {
    const calls = stubFetch(() => ({ status: 200, body: 'reference\r\n' }));
    const created = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderWithProviders(<StatementExport filters={{ startDate: '2026-03-01', endDate: '2026-03-31' }} />);
    expect(screen.getByTestId('statement-period').textContent).toMatch(/1er mars 2026.*31 mars 2026/);
    fireEvent.click(screen.getByTestId('statement-download'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/transactions/export/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      start_date: '2026-03-01',
      end_date: '2026-04-01',
      format: 'csv',
      lang: 'fr',
    });
  });

  it('says why the server refused the period, in the screen’s language', async () => {
    stubFetch(() => ({ status: 400, body: { end_date: [statementMessages.periodTooLong] } }));
    renderWithProviders(<StatementExport filters={{ startDate: '2024-01-01', endDate: '2026-03-31' }} />);
    fireEvent.click(screen.getByTestId('statement-download'));
    expect((await screen.findByTestId('statement-error')).textContent).toBe(
      'Choisissez une période de 366 jours au plus.',
    );
  });

  it('without dates: the last 365 days up to today; the start alone runs to today', () => {
    expect(statementPeriod({ startDate: '', endDate: '' }, '2026-11-24', 'Europe/Paris')).toEqual({
      start_date: '2025-11-25',
      end_date: '2026-11-25',
      last: '2026-11-24',
      tz: 'Europe/Paris',
    });
    expect(statementPeriod({ startDate: '2026-11-01', endDate: '' }, '2026-11-24', undefined)).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-25',
    });
  });
});
