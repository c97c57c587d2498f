import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { i18n } from '../i18n/i18n';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Providers around the router; tests pass a memory router through the same component. The query client is
 * provided by the lazily loaded ServerStateLayout route, not here (see routes.tsx).
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}
