import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../../common/api/contacts';
import { ContactRow } from './ContactRow';
import { renderWithProviders } from '../../shared/test-support';

const contact: Contact = {
  id: 7,
  first_name: 'Amina',
  last_name: 'El Idrissi',
  phone_number: '+33612345678',
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

function swipe(dx: number) {
  const row = screen.getByTestId('contact-row');
  fireEvent.touchStart(row, { touches: [{ clientX: 200, clientY: 10 }] });
  fireEvent.touchMove(row, { touches: [{ clientX: 200 + dx, clientY: 12 }] });
  fireEvent.touchEnd(row, { changedTouches: [{ clientX: 200 + dx, clientY: 12 }] });
}

function renderRow(onDelete = vi.fn()) {
  renderWithProviders(
    <ul>
      <ContactRow contact={contact} to="/contacts/7" onDelete={onDelete} />
    </ul>,
  );
  return onDelete;
}

describe('a contact row', () => {
  it('shows initials, the name and the formatted phone', () => {
    renderRow();
    expect(screen.getByText('AE')).toBeTruthy();
    expect(screen.getByText('Amina El Idrissi')).toBeTruthy();
    expect(screen.getByText('+33 (0)6 12 34 56 78')).toBeTruthy();
  });

  it('reveals cancel and delete on a left swipe past 100 px only, and hides them on a right swipe', () => {
    const onDelete = renderRow();
    swipe(-100);
    expect(screen.queryByTestId('row-actions')).toBeNull();
    swipe(-101);
    expect(screen.getByTestId('row-actions')).toBeTruthy();
    swipe(60);
    expect(screen.getByTestId('row-actions')).toBeTruthy();
    swipe(101);
    expect(screen.queryByTestId('row-actions')).toBeNull();
    swipe(-140);
    fireEvent.click(screen.getByTestId('row-delete'));
    expect(onDelete).toHaveBeenCalledWith(contact);
  });

  it('offers the same actions without a swipe: the more-actions button, then cancel', () => {
    const onDelete = renderRow();
    const more = screen.getByRole('button', { name: "Plus d’actions pour Amina El Idrissi" });
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Supprimer Amina El Idrissi' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByTestId('row-actions')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('has no actions for an agency, and shows its distance', () => {
    renderWithProviders(
      <ul>
        <ContactRow contact={{ ...contact, public: true, proximity: 3.46, city: 'Rabat', address: '1 Rue' }} to="/x" />
      </ul>,
    );
    expect(screen.queryByTestId('more-actions')).toBeNull();
    expect(screen.getByTestId('contact-distance').textContent).toBe('3,5 km');
  });
});
