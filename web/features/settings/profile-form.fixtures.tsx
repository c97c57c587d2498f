import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../shared/api/query-client';
import type { User } from '../../../common/api/users';
import { ProfileForm } from './ProfileForm';

/** The profile form of `user`, as the web tests of its confirmations render it. */
export function renderForm(user: User) {
  const router = createMemoryRouter([{ path: '/', element: <ProfileForm user={user} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A JSON answer of the API for a stubbed fetch. */
export const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
