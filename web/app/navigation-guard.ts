import { DEFAULT_LANGUAGE, isLanguage } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';
import { isAuthPath, isGuardExempt } from '../shared/app-paths';

// Decided without touching the browser: the route gate feeds it the target URL and what is
// stored, and turns the decision into a redirect.

export interface GuardInput {
  pathname: string;
  search: string;
  hash?: string;
  /** Query string of the location the user comes from; null on the first load. */
  previousSearch: string | null;
  token: string | null;
  storedLanguage: string | null;
}

export type GuardDecision =
  { kind: 'allow'; language: Language } | { kind: 'redirect'; to: string; language: Language };

function languageIn(search: string | null): Language | null {
  if (search === null) return null;
  const lang = new URLSearchParams(search).get('lang');
  return isLanguage(lang) ? lang : null;
}

/** The target's lang, else the previous location's, else the stored preference, else French. */
export function resolveNavigationLanguage(
  input: Pick<GuardInput, 'search' | 'previousSearch' | 'storedLanguage'>,
): Language {
  return (
    languageIn(input.search) ??
    languageIn(input.previousSearch) ??
    (isLanguage(input.storedLanguage) ? input.storedLanguage : DEFAULT_LANGUAGE)
  );
}

/** The back-office: signed out, it leads to the staff sign-in rather than the customers' welcome. */
export function isOpsPath(pathname: string): boolean {
  return pathname === '/ops' || pathname.startsWith('/ops/');
}

function destinationPath(pathname: string, hasToken: boolean): string {
  if (isGuardExempt(pathname)) return pathname;
  if (!hasToken && !isAuthPath(pathname)) return '/auth';
  if (hasToken && isAuthPath(pathname)) return '/';
  return pathname;
}

export function guardNavigation(input: GuardInput): GuardDecision {
  const language = resolveNavigationLanguage(input);
  const pathname = destinationPath(input.pathname, Boolean(input.token));
  const params = new URLSearchParams(input.search);
  // The staff space of the welcome page (?role=banker): operators and auditors sign in as staff, not as customers.
  if (!input.token && isOpsPath(input.pathname)) params.set('role', 'banker');
  // Kept in the URL so a shared or reloaded link opens in the same language, and so the next navigation can
  // inherit it from "the previous route". An unknown value is replaced rather than kept.
  const langChanged = params.get('lang') !== language;
  if (langChanged) params.set('lang', language);
  if (pathname === input.pathname && !langChanged) return { kind: 'allow', language };
  const query = params.toString();
  // The hash only matters for the page actually asked for.
  const hash = pathname === input.pathname ? (input.hash ?? '') : '';
  return { kind: 'redirect', to: `${pathname}${query ? `?${query}` : ''}${hash}`, language };
}
