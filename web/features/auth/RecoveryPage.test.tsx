import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test-support';
import { Component as RecoveryPage } from './RecoveryPage';

/** The recovery's identity step: the identity documents' own picker, in the app's words, and the files sent. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = { id: 'r-1', state: 'documents', new_identifier: '+33612345678', document_type: 'passport' };

function stub() {
  const sent: FormData[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    if (init.body instanceof FormData) sent.push(init.body);
    const body = init.method === 'POST' ? { ...status, state: 'review' } : status;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

describe('recovery: the identity documents', () => {
  it('picks each file with a button of the app’s own words, shows what was chosen, and sends them', async () => {
    const sent = stub();
    renderWithProviders(<RecoveryPage />, '/auth/recover?id=r-1&lang=fr');
    const front = await screen.findByTestId<HTMLInputElement>('recovery-file-front');
    // The browser's own button (its 'Choose file / No file chosen' in the system's language) is not what shows:
    // the input is visually hidden and a label of ours, in French here, opens it.
    expect(front.labels?.length).toBeGreaterThan(0);
    const pick = [...(front.labels ?? [])].find((l) => l.getAttribute('aria-hidden') === 'true');
    expect(pick?.textContent).toBe('Prendre une photo ou choisir un fichier');
    expect(front.className).not.toBe('');
    // A passport on file: its front and the selfie, no back.
    expect(screen.queryByTestId('recovery-file-back')).toBeNull();

    const passport = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'passeport.jpg', { type: 'image/jpeg' });
    const selfie = new File([new Uint8Array([0x89, 0x50])], 'visage.png', { type: 'image/png' });
    fireEvent.change(front, { target: { files: [passport] } });
    fireEvent.change(screen.getByTestId('recovery-file-selfie'), { target: { files: [selfie] } });
    expect(pick?.textContent).toBe('Remplacer');
    expect(screen.getByTestId('recovery-file-front-preview').textContent).toContain('passeport.jpg');

    fireEvent.click(screen.getByTestId('recovery-send-documents'));
    await screen.findByTestId('recovery-review');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('document_type')).toBe('passport');
    expect((sent[0]?.get('front') as File).name).toBe('passeport.jpg');
    expect((sent[0]?.get('selfie') as File).name).toBe('visage.png');
  });
});
