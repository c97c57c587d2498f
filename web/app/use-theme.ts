import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { readStored, subscribeToStorage } from '../shared/api/browser-storage';
import { STORAGE_KEYS } from '../shared/api/storage-keys';
import { themeFor } from '../shared/theme-rules';
import type { Theme } from '../shared/theme-rules';

export function applyDocumentTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

function readStoredRole(): string | null {
  return readStored(STORAGE_KEYS.role);
}

/**
 * The current theme, recomputed when the role query parameter changes and when storage changes (this tab or
 * another), and mirrored on <html data-theme> where the two token sets of theme.css hang.
 */
export function useTheme(): Theme {
  const [searchParams] = useSearchParams();
  const storedRole = useSyncExternalStore(subscribeToStorage, readStoredRole, () => null);
  const theme = themeFor(storedRole, searchParams.get('role'));
  useEffect(() => applyDocumentTheme(theme), [theme]);
  return theme;
}
