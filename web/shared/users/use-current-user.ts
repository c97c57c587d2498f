import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/api/users';
import { fetchCurrentUser } from './users-api';

export const CURRENT_USER_KEY = ['users', 'me'] as const;

/** The current user's query, written once: the hook, the sign-in prefetch and invalidations all use it. */
export const currentUserQuery = () =>
  queryOptions({ queryKey: CURRENT_USER_KEY, queryFn: ({ signal }) => fetchCurrentUser(signal) });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** After a write answered with the fresh user: show it at once, and still refetch for anything derived. */
export async function refreshCurrentUser(client: QueryClient, user: User): Promise<void> {
  client.setQueryData(CURRENT_USER_KEY, user);
  await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
