import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { Component as ContactsPage } from './ContactsPage';

/**
 * 'Add a recipient' while choosing whom to send to: the form opens at once (no second tap on the general list),
 * and once saved the send goes on with the new recipient chosen.
 */

const created = {
  id: 31,
  first_name: 'Karim',
  last_name: 'Bennani',
  phone_number: '+212612345678',
  email: null,
  account_id: null,
  contact_user: null,
  public: false,
  proximity: null,
  address: null,
  zip_code: null,
  city: null,
  latitude: null,
  longitude: null,
};

function SendScreen() {
  const location = useLocation();
  return <p data-testid="send-screen">{location.pathname + location.search}</p>;
}

function open(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/contacts" element={<ContactsPage />} />
      <Route path="/transactions/create" element={<SendScreen />} />
    </Routes>,
    route,
  );
}

function api() {
  return stubFetch((call) => {
    if (call.method === 'POST' && call.url.startsWith('/api/contacts/')) return { status: 201, body: created };
    if (call.url.startsWith('/api/contacts/')) return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 500 };
  });
}

const type = (testId: string, value: string) => fireEvent.input(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding a recipient while sending', () => {
  it("'Ajouter un bénéficiaire' opens the form right there, in the send, once (no second button, no general list)", async () => {
    api();
    open('/contacts?transaction=send');
    await screen.findByTestId('contacts-empty');
    const add = screen.getAllByText('Ajouter un bénéficiaire');
    expect(add).toHaveLength(1);
    fireEvent.click(add[0]!);
    expect(await screen.findByTestId('recipient-form')).toBeTruthy();
    expect(screen.queryByText('Ajouter un bénéficiaire')).toBeNull();
  });

  it('after saving, comes back to the send with the new recipient chosen', async () => {
    const calls = api();
    open('/contacts?transaction=send&add=1');
    expect(screen.getByTestId('recipient-form')).toBeTruthy();
    type('recipient-first_name', 'Karim');
    type('recipient-last_name', 'Bennani');
    type('phone-input', '0612345678');
    await act(async () => {
      fireEvent.click(screen.getByTestId('recipient-submit'));
    });
    expect((await screen.findByTestId('send-screen')).textContent).toBe('/transactions/create?contact=31&transaction=send');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('the general list keeps its form closed until tapped', async () => {
    api();
    open('/contacts');
    expect(screen.queryByTestId('recipient-form')).toBeNull();
    expect(screen.getByTestId('recipient-open')).toBeTruthy();
  });
});
