import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../common/api/users';
import { createQueryClient } from '../api/query-client';
import '../../i18n/i18n';
import { testUser } from '../users/user.fixtures';
import { LimitsSummary } from './LimitsSummary';

function renderAt(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

const limits: User['limits'] = [
  {
    kind: 'outgoing',
    currency: 'MAD',
    limit: '20000.00',
    used: '0.00',
    remaining: '20000.00',
    resets_at: '2026-12-20T10:00:00.000Z',
    per_operation: '10000.00',
  },
];
const sent: User = testUser({ level: 1, identity_under_review: true, limits });

// After documents were sent, home still asked to verify the identity, and the profile had no way to the page.
describe('identity documents sent and under review', () => {
  it('home says they are being checked instead of asking for them again', () => {
    renderAt(<LimitsSummary user={sent} kinds={['outgoing']} />);
    expect(screen.getByTestId('identity-under-review').textContent).toContain('en cours de vérification');
    expect(screen.queryByTestId('raise-limits')).toBeNull();
    cleanup();
    renderAt(
      <LimitsSummary user={testUser({ level: 1, identity_under_review: false, limits })} kinds={['outgoing']} />,
    );
    expect(screen.getByTestId('raise-limits')).toBeTruthy();
  });
});
