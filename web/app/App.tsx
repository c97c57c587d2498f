import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Providers around the router; tests pass a memory router through the same component. The query client is
 * provided by the lazily loaded ServerStateLayout route, not here (see routes.tsx); translations need no
 * provider (web/i18n/i18n.ts).
 */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
