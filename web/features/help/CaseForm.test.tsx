import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Case } from '../../../common/api/cases';
import { caseMessages } from '../../../common/api/cases';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { CaseForm } from './CaseForm';

/** The new help case: what is wrong, a message, an optional file; about one transfer when opened from it. */
const made: Case = {
  id: 12,
  reference: 'H-000012',
  state: 'open',
  kind: 'not_received',
  transaction: 41,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
  resolved_at: null,
  last_message: 'Rien reçu',
  messages: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const fill = (kind: string, message: string) => {
  fireEvent.click(screen.getByTestId(`case-kind-${kind}`));
  fireEvent.change(screen.getByTestId('case-message'), { target: { value: message } });
};

describe('the help form', () => {
  it('lists the six problems and says what is missing without sending anything', () => {
    const calls = stubFetch(() => ({ status: 201, body: made }));
    renderWithProviders(<CaseForm transaction={null} onOpened={() => undefined} />);
    expect(screen.getByText('L’argent n’est pas arrivé')).toBeTruthy();
    expect(screen.getByText('Le retrait en espèces est impossible')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.queryByTestId('case-about-transfer')).toBeNull();
    fireEvent.click(screen.getByTestId('case-send'));
    expect(screen.getByText('Choisissez le problème.')).toBeTruthy();
    expect(screen.getByText('Écrivez votre message (4000 caractères au plus).')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('opens a case about the transfer it came from, with an Idempotency-Key, and hands the case on', async () => {
    const keys: (string | undefined)[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit = {}) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      return new Response(JSON.stringify(made), { status: 201, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onOpened = vi.fn();
    renderWithProviders(<CaseForm transaction={41} onOpened={onOpened} />);
    expect(screen.getByTestId('case-about-transfer').textContent).toBe('Votre demande portera sur cette opération.');
    fill('not_received', '  Rien reçu  ');
    fireEvent.click(screen.getByTestId('case-send'));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith(made));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/cases/');
    expect(JSON.parse(init?.body as string)).toEqual({ kind: 'not_received', message: 'Rien reçu', transaction: '41' });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/u);
  });

  it('sends a picture as multipart with the fields beside it', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(made), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CaseForm transaction={null} onOpened={() => undefined} />);
    fill('not_credited', 'Débité hier');
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'releve.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('case-file'), { target: { files: [picture] } });
    expect(screen.getByText('releve.jpg')).toBeTruthy();
    fireEvent.click(screen.getByTestId('case-send'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('kind')).toBe('not_credited');
    expect(form.get('message')).toBe('Débité hier');
    expect((form.get('file') as File).name).toBe('releve.jpg');
  });

  it('refuses a file over 5 MB before sending it', () => {
    const calls = stubFetch(() => ({ status: 201, body: made }));
    renderWithProviders(<CaseForm transaction={null} onOpened={() => undefined} />);
    fill('other', 'Voici');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('case-file'), { target: { files: [big] } });
    fireEvent.click(screen.getByTestId('case-send'));
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('case-form').textContent).toContain('5 Mo');
  });

  it('says at once, as for an identity document, that a file is no picture or PDF, and sends nothing', () => {
    const calls = stubFetch(() => ({ status: 201, body: made }));
    renderWithProviders(<CaseForm transaction={null} onOpened={() => undefined} />);
    fill('other', 'Voici');
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'capture.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('case-file'), { target: { files: [gif] } });
    expect(screen.getByTestId('case-file-error').textContent).toBe('Envoyez une photo (JPEG ou PNG) ou un PDF.');
    fireEvent.click(screen.getByTestId('case-send'));
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('case-file-error').textContent).toBe('Envoyez une photo (JPEG ou PNG) ou un PDF.');
  });

  it('says a file over 5 MB is too large as soon as it is chosen, and forgets it once taken off', () => {
    const calls = stubFetch(() => ({ status: 201, body: made }));
    renderWithProviders(<CaseForm transaction={null} onOpened={() => undefined} />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('case-file'), { target: { files: [big] } });
    expect(screen.getByTestId('case-file-error').textContent).toContain('5 Mo');
    expect(screen.getByTestId('case-file-preview').textContent).toContain('big.pdf');
    fireEvent.click(screen.getByTestId('case-file-remove'));
    expect(screen.queryByTestId('case-file-preview')).toBeNull();
    expect(screen.getByTestId('case-file-error').textContent).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s refusal of the transfer in the customer’s words', async () => {
    stubFetch(() => ({ status: 400, body: { transaction: [caseMessages.transaction] } }));
    renderWithProviders(<CaseForm transaction={99} onOpened={() => undefined} />);
    fill('wrong_details', 'Mauvais montant');
    fireEvent.click(screen.getByTestId('case-send'));
    await waitFor(() =>
      expect(screen.getByTestId('case-error').textContent).toBe('Cette opération n’est pas l’une des vôtres.'),
    );
  });
});
