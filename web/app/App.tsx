import { useLocation } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorPage';
import { GatedRoutes } from './routes';
import type { GatedRoutesProps } from './routes';

/**
 * The app inside a router: the browser's in production, a memory router in tests. The query client is provided by
 * the lazily loaded ServerStateLayout route, not here (see routes.tsx); translations need no provider
 * (web/i18n/i18n.ts).
 */
export function App(props: GatedRoutesProps) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <GatedRoutes {...props} />
    </RouteErrorBoundary>
  );
}
