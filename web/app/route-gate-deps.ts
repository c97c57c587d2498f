import { applyLanguage } from '../i18n/i18n';
import { readStored, writeStored } from '../shared/api/browser-storage';
import type { RouteGateDeps } from './route-gate';
import { STORAGE_KEYS } from '../shared/api/storage-keys';

/** The real browser-backed dependencies of the route gate. */
export const browserRouteGateDeps: RouteGateDeps = {
  getToken: () => readStored(STORAGE_KEYS.token),
  getStoredLanguage: () => readStored(STORAGE_KEYS.language),
  getStoredRole: () => readStored(STORAGE_KEYS.role),
  setStoredRole: (role) => writeStored(STORAGE_KEYS.role, role),
  applyLanguage,
};
