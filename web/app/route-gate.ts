import type { Language } from '../../common/i18n/languages';
import type { CatalogueScope } from '../i18n/i18n';
import { guardNavigation } from './navigation-guard';
import { isWelcomePath, nextStoredRole } from '../shared/theme-rules';

export interface RouteGateDeps {
  getToken: () => string | null;
  getStoredLanguage: () => string | null;
  getStoredRole: () => string | null;
  setStoredRole: (role: string | null) => void;
  /** Loads the catalogue and switches the document's language and direction before the page renders. */
  applyLanguage: (language: Language, options: { scope: CatalogueScope }) => Promise<void>;
}

/**
 * What every navigation passes before its screen renders (see GatedRoutes in routes.tsx): the guard's redirect, the
 * stored role, and the language's catalogue. Resolves to where to go instead, or null once the screen may render.
 */
export type RouteGate = (url: URL) => Promise<string | null>;

export function createRouteGate(deps: RouteGateDeps): RouteGate {
  // The last location the guard let through is the "previous route" of the next navigation.
  let previous: URL | null = null;

  return async function passGate(url: URL): Promise<string | null> {
    const decision = guardNavigation({
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      previousSearch: previous?.search ?? null,
      token: deps.getToken(),
      storedLanguage: deps.getStoredLanguage(),
    });
    // The caller always replaces: a pushed redirect keeps the bouncing URL in the history, so Back lands on it,
    // which pushes the redirect again, and Android's Back can never leave the installed app.
    if (decision.kind === 'redirect') return decision.to;
    const role = nextStoredRole({
      storedRole: deps.getStoredRole(),
      pathname: url.pathname,
      roleParam: url.searchParams.get('role'),
      previousRoleParam: previous === null ? undefined : previous.searchParams.get('role'),
    });
    if (role !== deps.getStoredRole()) deps.setStoredRole(role);
    previous = url;
    // The welcome page, the first screen of every new user, renders from the catalogue's core alone, and the home
    // screen, a returning customer's first, from its own keys: neither waits for the whole catalogue.
    const scope = isWelcomePath(url.pathname) ? 'core' : url.pathname === '/' ? 'home' : 'whole';
    await deps.applyLanguage(decision.language, { scope });
    return null;
  };
}
