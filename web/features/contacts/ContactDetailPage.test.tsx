import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../../common/api/contacts';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { Component as ContactDetailPage } from './ContactDetailPage';

const agency: Contact = {
  id: 5,
  first_name: 'Agence Centre',
  last_name: '',
  phone_number: null,
  email: null,
  account_id: null,
  contact_user: null,
  public: true,
  proximity: null,
  address: '1 rue Mohammed V',
  zip_code: '20000',
  city: 'Casablanca',
  latitude: null,
  longitude: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(contact: Contact) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify(contact), { headers: { 'content-type': 'application/json' } })),
  );
  const router = createMemoryRouter([{ path: '/contacts/:id', Component: ContactDetailPage }], {
    initialEntries: [`/contacts/${contact.id}`],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ContactDetailPage, an agency', () => {
  it('open: offers a withdrawal there', async () => {
    renderWith({ ...agency, closed: false });
    expect(await screen.findByTestId('contact-send')).toBeTruthy();
    expect(screen.queryByTestId('contact-closed')).toBeNull();
  });

  it('closed by an operator: reads "Fermée" with why, and offers no new withdrawal', async () => {
    renderWith({ ...agency, closed: true });
    expect((await screen.findByTestId('contact-closed')).textContent).toBe('Fermée');
    expect(screen.getByText(/ne prend plus de nouveaux retraits/)).toBeTruthy();
    expect(screen.queryByTestId('contact-send')).toBeNull();
    expect(screen.getByTestId('contact-name').textContent).toContain('Agence Centre');
  });
});
