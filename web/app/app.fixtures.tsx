import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { Location, NavigateFunction } from 'react-router';
import { App } from './App';
import { createRouteGate } from './route-gate';
import type { RouteGate } from './route-gate';
import { browserRouteGateDeps } from './route-gate-deps';

/** Reports the memory router's location and navigate function as they change. */
function RouterProbe({ onChange }: { onChange: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => onChange(location, navigate), [location, navigate, onChange]);
  return null;
}

export interface RenderedApp {
  /** Where the router is (the URL bar), whether or not the gate has let the screen render yet. */
  readonly location: Location;
  readonly navigate: NavigateFunction;
}

/**
 * The real routes and screens in a memory router at `url`, behind the real route gate (guard, role rules,
 * language) unless a test passes its own.
 */
export function renderAppAt(url: string, gate: RouteGate = createRouteGate(browserRouteGateDeps)): RenderedApp {
  let seen: { location: Location; navigate: NavigateFunction } | null = null;
  const onChange = (location: Location, navigate: NavigateFunction) => {
    seen = { location, navigate };
  };
  render(
    <MemoryRouter initialEntries={[url]}>
      <RouterProbe onChange={onChange} />
      <App gate={gate} />
    </MemoryRouter>,
  );
  const current = () => {
    if (!seen) throw new Error('the router has not rendered');
    return seen;
  };
  return {
    get location() {
      return current().location;
    },
    get navigate() {
      return current().navigate;
    },
  };
}
