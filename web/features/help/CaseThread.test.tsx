import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Case } from '../../../common/api/cases';
import { caseMessages } from '../../../common/api/cases';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { CaseThread } from './CaseThread';

/** A customer's case: the thread, a reply, and writing again in a resolved case (reopening) for 14 days. */
const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const thread: Case = {
  id: 7,
  reference: 'H-000007',
  state: 'answered',
  kind: 'not_received',
  transaction: 41,
  created_at: '2026-11-28T09:00:00.000Z',
  updated_at: '2026-11-28T11:00:00.000Z',
  resolved_at: null,
  last_message: 'Nous vérifions auprès de l’agence.',
  messages: [
    { id: 1, author: 'customer', body: 'Ma mère n’a rien reçu.', at: '2026-11-28T09:00:00.000Z', attachment: null },
    {
      id: 2,
      author: 'operator',
      body: 'Nous vérifions auprès de l’agence.',
      at: '2026-11-28T11:00:00.000Z',
      attachment: null,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a help case’s thread', () => {
  it('shows both sides, the state in the customer’s words and a link to the transfer, nothing of its status', () => {
    renderWithProviders(<CaseThread item={thread} now={NOW} />);
    expect(screen.getByTestId('case-reference').textContent).toBe('H-000007');
    expect(screen.getByTestId('case-state').textContent).toBe('Répondu');
    expect(screen.getByTestId('case-message-customer').textContent).toContain('Vous');
    expect(screen.getByTestId('case-message-operator').textContent).toContain('L’équipe Sila');
    expect(screen.getByTestId('case-message-operator').textContent).toContain('Nous vérifions auprès de l’agence.');
    expect(screen.getByTestId('case-transfer').getAttribute('href')).toBe('/transactions/41');
    expect(screen.getByTestId('case-head').textContent).not.toMatch(/bloqu|vérification|conformité/iu);
    expect(screen.getByTestId('case-reply-send').textContent).toBe('Répondre');
  });

  it('sends a reply and shows the thread the server answers with', async () => {
    const answered: Case = {
      ...thread,
      state: 'open',
      messages: [
        ...thread.messages,
        { id: 3, author: 'customer', body: 'Merci', at: '2026-11-29T12:00:00.000Z', attachment: null },
      ],
    };
    const calls = stubFetch(() => ({ status: 201, body: answered }));
    renderWithProviders(<CaseThread item={thread} now={NOW} />);
    fireEvent.click(screen.getByTestId('case-reply-send'));
    expect(screen.getByText('Écrivez votre message (4000 caractères au plus).')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('case-reply'), { target: { value: 'Merci' } });
    fireEvent.click(screen.getByTestId('case-reply-send'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/cases/7/messages/', body: { message: 'Merci' } });
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('case-reply').value).toBe(''));
  });

  it('offers to reopen a case resolved less than 14 days ago, by writing in it', () => {
    const resolved = { ...thread, state: 'resolved' as const, resolved_at: new Date(NOW - 3 * DAY).toISOString() };
    renderWithProviders(<CaseThread item={resolved} now={NOW} />);
    expect(screen.getByTestId('case-state').textContent).toBe('Résolu');
    expect(screen.getByTestId('case-reopen-hint').textContent).toContain('Le problème est revenu ?');
    expect(screen.getByTestId('case-reopen-hint').textContent).toContain('10 décembre 2026');
    expect(screen.getByTestId('case-reply-send').textContent).toBe('Rouvrir la demande');
  });

  it('after 14 days, no reply box: a new request instead', () => {
    const old = { ...thread, state: 'resolved' as const, resolved_at: new Date(NOW - 15 * DAY).toISOString() };
    renderWithProviders(<CaseThread item={old} now={NOW} />);
    expect(screen.queryByTestId('case-reply-form')).toBeNull();
    expect(screen.getByTestId('case-closed').textContent).toContain('plus de 14 jours');
    expect(screen.getByTestId('case-new-instead').getAttribute('href')).toBe('/help/new');
  });

  it('says so in the customer’s words when the server finds the case closed meanwhile', async () => {
    stubFetch(() => ({ status: 409, body: { detail: caseMessages.closed } }));
    const resolved = { ...thread, state: 'resolved' as const, resolved_at: new Date(NOW - 13 * DAY).toISOString() };
    renderWithProviders(<CaseThread item={resolved} now={NOW} />);
    fireEvent.change(screen.getByTestId('case-reply'), { target: { value: 'Encore' } });
    fireEvent.click(screen.getByTestId('case-reply-send'));
    await waitFor(() =>
      expect(screen.getByTestId('case-error').textContent).toBe(
        'Cette demande a été résolue il y a plus de 14 jours : ouvrez-en une nouvelle.',
      ),
    );
  });
});
