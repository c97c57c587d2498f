import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { testUser } from '../../shared/users/user.fixtures';
import { renderForm } from './profile-form.fixtures';

afterEach(cleanup);

/** A verified identity changes only through a new document: the profile shows it read-only and says where. */
describe("the profile's read-only identity", () => {
  it('links a verified customer to the identity screen to change it', () => {
    renderForm(testUser({ level: 2 }));
    expect(screen.getByTestId('profile-identity-change').getAttribute('href')).toBe('/settings/identity');
  });

  it('has no such link below level 2', () => {
    renderForm(testUser({ level: 1 }));
    expect(screen.queryByTestId('profile-identity-change')).toBeNull();
  });
});
