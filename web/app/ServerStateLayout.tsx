import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { CurrentUserBanner } from '../shared/users/CurrentUserBanner';
import { TellerMenu } from '../shared/teller/TellerMenu';
import { createQueryClient } from '../shared/api/query-client';

// One client for the life of the page, so cached server state survives navigation between screens.
const queryClient = createQueryClient();

/**
 * Server state (TanStack Query) for every screen that talks to the API. A lazily loaded layout, so the welcome
 * page, the first screen of every new user on a slow network, does not download the query library.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserBanner />
      <TellerMenu />
      <Outlet />
    </QueryClientProvider>
  );
}
