import type { StorageKey } from './storage-keys';

// The `storage` event only reaches *other* tabs, so writes made here also announce themselves in this tab:
// the theme and anything else derived from storage then recompute without polling.
export const LOCAL_STORAGE_CHANGE_EVENT = 'app:local-storage-change';

// localStorage throws in some private modes and when storage is disabled; the app must still run (it just
// forgets between visits), so every access goes through these guards.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (store.getItem(key) === value) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    return;
  }
  window.dispatchEvent(new CustomEvent(LOCAL_STORAGE_CHANGE_EVENT, { detail: { key } }));
}

/** Calls `onChange` when stored values change, in this tab or in another one. Returns the unsubscribe. */
export function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(LOCAL_STORAGE_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(LOCAL_STORAGE_CHANGE_EVENT, onChange);
  };
}
