import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { testUser } from '../../shared/users/user.fixtures';
import { ProfileAccount } from './ProfileAccount';

function renderAt(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

const sent: User = testUser({ level: 1, identity_under_review: true });

// The identity page could not be reached from the profile (only from the limits on home, gone once documents were sent).
describe('the profile and the identity page', () => {
  it('the profile leads to the identity page and tells where it stands', () => {
    renderAt(<ProfileAccount user={sent} onboarding={false} />);
    expect(screen.getByTestId('identity-status').textContent).toBe('Documents reçus, en cours de vérification');
    expect(screen.getByTestId('identity-link').getAttribute('href')).toBe('/settings/identity');
  });
});
