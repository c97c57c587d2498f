import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpsCase } from '../../../common/api/cases';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { testUser } from '../../shared/users/user.fixtures';
import { CasePage } from './CasePage';
import { StaffContext } from './staff';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('fr'));

/** An operator's case page: notes set apart from answers, a ready answer to start from, the note kept internal. */
const item: OpsCase = {
  id: 5,
  reference: 'H-000005',
  state: 'open',
  kind: 'not_credited',
  transaction: 41,
  created_at: '2026-11-29T08:00:00.000Z',
  updated_at: '2026-11-29T08:00:00.000Z',
  resolved_at: null,
  last_message: 'Débité hier',
  customer: { id: 9, name: 'Nadia Benali', language: 'ar' },
  assigned_to: null,
  due_at: '2026-11-29T16:00:00.000Z',
  late: true,
  first_answer_at: null,
  messages: [
    {
      id: 1,
      author: 'customer',
      author_name: 'Nadia Benali',
      body: 'Débité hier',
      internal: false,
      at: '2026-11-29T08:00:00.000Z',
      attachment: null,
    },
    {
      id: 2,
      author: 'operator',
      author_name: 'Olga Op',
      body: 'Virement SEPA à vérifier',
      internal: true,
      at: '2026-11-29T09:00:00.000Z',
      attachment: null,
    },
  ],
  transfer: { id: 41, kind: 'transfer', status: 'pending', amount: '120.00', currency: 'MAD' },
  canned_replies: [
    { id: 'looking', text: 'مرحبًا، شكرًا على رسالتك.' },
    { id: 'not_credited', text: 'هل يمكنك إرفاق كشف حسابك البنكي الذي يظهر الخصم؟' },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (calls = stubFetch((call) => ({ status: call.method === 'GET' ? 200 : 201, body: item }))) => {
  renderWithProviders(
    <StaffContext.Provider value={testUser({ id: 3, role: 'OPERATOR' })}>
      <CasePage id="5" />
    </StaffContext.Provider>,
    '/ops/cases/5?lang=fr',
  );
  return calls;
};

describe('an operator’s help case', () => {
  it('sets an internal note apart from the conversation and marks the case late', async () => {
    render();
    const note = await screen.findByTestId('case-note');
    expect(note.getAttribute('data-internal')).toBe('true');
    await waitFor(() => expect(note.textContent).toContain('Note interne'));
    expect(screen.getByTestId('case-message-customer').textContent).not.toContain('Note interne');
    expect(screen.getByTestId('case-late').textContent).toBe('En retard');
    expect(screen.getByTestId('case-transfer-link').getAttribute('href')).toBe('/ops/transactions/41?lang=fr');
  });

  it('starts an answer from a ready one in the customer’s language and sends a note as internal', async () => {
    const calls = render();
    const canned = await screen.findByTestId('case-canned');
    fireEvent.click(screen.getByTestId('case-answer-send'));
    await waitFor(() =>
      expect(screen.getByTestId('case-compose').textContent).toContain('Écrivez le message (4000 caractères au plus).'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(canned, { target: { value: 'not_credited' } });
    expect(screen.getByTestId<HTMLTextAreaElement>('case-answer').value).toBe(
      'هل يمكنك إرفاق كشف حسابك البنكي الذي يظهر الخصم؟',
    );
    fireEvent.change(screen.getByTestId('case-answer'), { target: { value: 'À rappeler demain' } });
    fireEvent.click(screen.getByTestId('case-internal'));
    fireEvent.click(screen.getByTestId('case-answer-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/ops/cases/5/messages/',
        body: { message: 'À rappeler demain', internal: true },
      }),
    );
  });
});
