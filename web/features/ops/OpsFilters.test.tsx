import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../../shared/api/query-client';
import { applyLanguage } from '../../i18n/i18n';
import { AuditPage } from './AuditPage';
import * as api from './ops-api';
import { ReviewsPage } from './ReviewsPage';
import { StaffContext } from './staff';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('ar')); // Arabic, and the French it falls back to

// The back-office's list filters: dates typed as the page's language writes them (the app's date field, not the
// browser's, whose order follows the browser's language), and the reviews queue searched by a name or a number.

const operator = { id: 6, role: 'OPERATOR', first_name: 'Salma', last_name: 'Idrissi' } as User;

function show(element: ReactNode, url: string) {
  const router = createMemoryRouter([{ path: '/ops/*', element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffContext.Provider value={operator}>
        <RouterProvider router={router} />
      </StaffContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await applyLanguage('fr', { wholeCatalogue: true });
});

describe('the audit page date filters', () => {
  it('take a day typed day first in French and ask the API for it as YYYY-MM-DD', async () => {
    const fetch = vi.spyOn(api, 'fetchAudit').mockResolvedValue({ count: 0, results: [] });
    show(<AuditPage />, '/ops/audit?lang=fr');
    const from = await screen.findByTestId<HTMLInputElement>('filter-start_date');
    expect(from.type).toBe('text');
    expect(await screen.findByLabelText('Du')).toBe(from);
    fireEvent.change(from, { target: { value: '15/11/2026' } });
    fireEvent.change(screen.getByTestId('filter-end_date'), { target: { value: '30/11/2026' } });
    fireEvent.click(screen.getByTestId('audit-apply'));
    await waitFor(() =>
      expect(fetch.mock.calls.at(-1)?.[0]).toMatchObject({ start_date: '2026-11-15', end_date: '2026-11-30' }),
    );
  });

  it('show a day from the address in the page language’s order, in Arabic too', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    vi.spyOn(api, 'fetchAudit').mockResolvedValue({ count: 0, results: [] });
    show(<AuditPage />, '/ops/audit?lang=ar&start_date=2026-11-05');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('filter-start_date').value).toBe('05/11/2026'));
  });
});

describe('the reviews queue search', () => {
  it('asks the API for the items about a name typed in the search field', async () => {
    const fetch = vi.spyOn(api, 'opsGet').mockResolvedValue({ count: 0, results: [] });
    show(<ReviewsPage />, '/ops/reviews?lang=fr');
    const search = await screen.findByTestId('reviews-search');
    await waitFor(() => expect(search.getAttribute('placeholder')).toBe('Nom, n° ou référence de transaction'));
    fireEvent.change(search, { target: { value: 'Nadia Test' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(fetch.mock.calls.at(-1)?.slice(0, 2)).toEqual([
        'reviews/',
        expect.objectContaining({ search: 'Nadia Test', state: 'open' }),
      ]),
    );
  });
});
