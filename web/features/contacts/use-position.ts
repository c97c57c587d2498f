import { useEffect, useSyncExternalStore } from 'react';
import { readStored, subscribeToStorage, writeStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';

export type PositionState =
  { status: 'known'; latitude: number; longitude: number } | { status: 'asking' } | { status: 'unavailable' };

// Asked once per page load: a refusal is not asked again on every visit to the agencies tab (the browser would
// remember a denial anyway, and a prompt each time is a nuisance on a slow phone).
let asked = false;
let refused = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function storedPosition(): { latitude: number; longitude: number } | null {
  const latitude = Number(readStored(STORAGE_KEYS.latitude) ?? NaN);
  const longitude = Number(readStored(STORAGE_KEYS.longitude) ?? NaN);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function snapshot(): string {
  const position = storedPosition();
  if (position) return `${position.latitude},${position.longitude}`;
  return refused || !('geolocation' in navigator) ? 'unavailable' : 'asking';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = subscribeToStorage(listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

function ask(): void {
  // Asked again once per page load even with a stored position: the phone moves, and agency distances computed
  // from where it was last week mislead (the stored one shows meanwhile; a granted permission asks nothing).
  if (asked || !('geolocation' in navigator)) return;
  asked = true;
  navigator.geolocation.getCurrentPosition(
    (position) => {
      // Six decimals (~10 cm) is all the server keeps; the stored text stays short.
      writeStored(STORAGE_KEYS.latitude, position.coords.latitude.toFixed(6));
      writeStored(STORAGE_KEYS.longitude, position.coords.longitude.toFixed(6));
    },
    () => {
      refused = true;
      notify();
    },
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
  );
}

/** The user's position for agency distances: stored latitude/longitude, else asked once; refused -> by city. */
export function usePosition(enabled: boolean): PositionState {
  const value = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (enabled) ask();
  }, [enabled]);
  if (value === 'unavailable') return { status: 'unavailable' };
  if (value === 'asking') return { status: enabled ? 'asking' : 'unavailable' };
  const [latitude = 0, longitude = 0] = value.split(',').map(Number);
  return { status: 'known', latitude, longitude };
}

/** Tests start from a page that never asked. */
export function resetPositionForTests(): void {
  asked = false;
  refused = false;
}
