// Browser-stored values, named exactly as SPEC.md section 3 lists them.
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  language: 'language',
  preferredLanguage: 'preferred_language',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
