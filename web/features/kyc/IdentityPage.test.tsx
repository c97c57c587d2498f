import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycStatus } from '../../../common/api/kyc';
import { genericMessages } from '../../../common/api/errors';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { testUser } from '../../shared/users/user.fixtures';
import { Component as IdentityPage } from './IdentityPage';

/** A verified customer changes their identity by a new document; the first document (level 1) is unchanged. */
const verified: KycStatus = {
  state: 'approved',
  level: 2,
  document_type: 'national_id',
  submitted_at: '2026-10-01T09:00:00Z',
  decided_at: '2026-10-02T09:00:00Z',
  reason: null,
  profile: { date_of_birth: '1990-04-12', address: '3 rue Victor Hugo', postcode: '75001', city: 'Paris' },
  missing: [],
};
const user = testUser({ first_name: 'Amina', last_name: 'Benali', country: 'FR', level: 2 });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The upload goes by XMLHttpRequest (for its progress): this one keeps the body and answers `reply`. */
function stubUpload(reply: { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function renderPage(status: KycStatus) {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      url.includes('/kyc/') ? json(status) : json({ count: 1, next: null, previous: null, results: [user] }),
    ),
  );
  const router = createMemoryRouter([{ path: '/settings/identity', Component: IdentityPage }], {
    initialEntries: ['/settings/identity'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function choosePhotos() {
  for (const part of ['front', 'back', 'selfie']) {
    const file = new File(['photo'], `${part}.jpg`, { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId(`kyc-${part}`), { target: { files: [file] } });
  }
}

async function openChange() {
  fireEvent.click(await screen.findByTestId('kyc-change-open'));
  return screen.getByTestId('kyc-change-form');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('changing a verified identity by a new document', () => {
  it('sends the new name with the document, then shows the review and that the verified identity stays', async () => {
    const sent = stubUpload({
      status: 201,
      body: { ...verified, state: 'pending', submitted_at: '2026-11-29T07:00:00Z', decided_at: null },
    });
    renderPage(verified);
    expect(screen.queryByTestId('kyc-change-form')).toBeNull();
    await openChange();
    expect(screen.getByTestId<HTMLInputElement>('kyc-last_name').value).toBe('Benali');
    fireEvent.input(screen.getByTestId('kyc-last_name'), { target: { value: 'Martin' } });
    choosePhotos();
    act(() => {
      fireEvent.click(screen.getByTestId('kyc-submit'));
    });

    await waitFor(() => expect(screen.getByTestId('kyc-state').dataset['state']).toBe('pending'));
    const body = sent[0] as FormData;
    expect(body.get('first_name')).toBe('Amina');
    expect(body.get('last_name')).toBe('Martin');
    expect(body.get('country')).toBe('FR');
    expect(body.get('date_of_birth')).toBe('1990-04-12');
    expect(body.get('document_type')).toBe('national_id');
    expect((body.get('front') as File).name).toBe('front.jpg');
    expect(screen.getByTestId('kyc-keeps').textContent).toBe(
      "Votre identité vérifiée et votre niveau 2 restent les mêmes jusqu’à la décision.",
    );
    expect(screen.queryByTestId('kyc-change')).toBeNull();
  });

  it("shows the server's field-level refusal in the user's language", async () => {
    stubUpload({ status: 400, body: { last_name: [genericMessages.controlCharacters] } });
    renderPage(verified);
    await openChange();
    fireEvent.input(screen.getByTestId('kyc-last_name'), { target: { value: 'Martin' } });
    choosePhotos();
    act(() => {
      fireEvent.click(screen.getByTestId('kyc-submit'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('kyc-last_name-error').textContent).toBe(
        'Un nom ne peut pas contenir de saut de ligne ni de caractère de contrôle ou de sens d’écriture.',
      ),
    );
    expect(screen.getByTestId('kyc-state').dataset['state']).toBe('approved');
  });

  it('says before any upload that a document changing nothing is not needed', async () => {
    const sent = stubUpload({ status: 201, body: verified });
    renderPage(verified);
    await openChange();
    choosePhotos();
    act(() => {
      fireEvent.click(screen.getByTestId('kyc-submit'));
    });
    expect(screen.getByTestId('kyc-form-error').textContent).toBe(
      'Changez au moins votre nom, votre pays ou votre date de naissance : votre identité actuelle est déjà vérifiée.',
    );
    expect(sent).toHaveLength(0);
  });

  it('says as soon as a photo is chosen that it is no JPEG, PNG or PDF, and uploads nothing', async () => {
    const sent = stubUpload({ status: 201, body: { ...verified, level: 1, state: 'pending' } });
    renderPage({ ...verified, level: 1, state: 'none', submitted_at: null, decided_at: null, missing: [] });
    await screen.findByTestId('kyc-form');
    choosePhotos();
    const heic = new File(['photo'], 'front.heic', { type: 'image/heic' });
    fireEvent.change(screen.getByTestId('kyc-front'), { target: { files: [heic] } });
    expect(screen.getByTestId('kyc-front-error').textContent).toBe('Envoyez une photo (JPEG ou PNG) ou un PDF.');
    act(() => {
      fireEvent.click(screen.getByTestId('kyc-submit'));
    });
    expect(screen.getByTestId('kyc-front-error').textContent).toBe('Envoyez une photo (JPEG ou PNG) ou un PDF.');
    expect(sent).toHaveLength(0);
  });

  it('at level 1 offers the first document as before, and no identity change', async () => {
    const sent = stubUpload({ status: 201, body: { ...verified, level: 1, state: 'pending' } });
    renderPage({ ...verified, level: 1, state: 'none', submitted_at: null, decided_at: null, missing: ['city'] });
    await screen.findByTestId('kyc-form');
    expect(screen.queryByTestId('kyc-change-open')).toBeNull();
    expect(screen.queryByTestId('kyc-first_name')).toBeNull();
    fireEvent.input(screen.getByTestId('kyc-city'), { target: { value: 'Lyon' } });
    choosePhotos();
    act(() => {
      fireEvent.click(screen.getByTestId('kyc-submit'));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as FormData;
    expect(body.get('city')).toBe('Lyon');
    expect(body.get('first_name')).toBeNull();
    expect(body.get('last_name')).toBeNull();
  });
});
