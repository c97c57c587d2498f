// Browser-stored values, named exactly as SPEC.md section 3 lists them.
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  language: 'language',
  preferredLanguage: 'preferred_language',
  latitude: 'latitude',
  longitude: 'longitude',
  // Issue 18: the pending withdrawal and pickup codes and the balance last seen, for the agency with no network.
  offline: 'offline',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
