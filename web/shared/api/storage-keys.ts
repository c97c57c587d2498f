// Browser-stored values, under names that must never change: a renamed key would forget what users stored.
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  language: 'language',
  preferredLanguage: 'preferred_language',
  latitude: 'latitude',
  longitude: 'longitude',
  // The pending withdrawal and pickup codes and the balance last seen, for the agency with no network.
  offline: 'offline',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
