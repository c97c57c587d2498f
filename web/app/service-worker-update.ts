// A new deploy must reach installed apps soon: an old build talking to a new API is a source of odd failures.
// The new worker installs in the background and waits (registerType 'prompt': never a reload under someone's
// thumb in the middle of a send). The app checks for a new build when the user moves between screens, and
// lets a waiting build take over at the next route change, where a reload costs nothing: the screen changes
// anyway.

/** The app's navigations, each told once its screen is shown (see GatedRoutes in routes.tsx). */
export interface NavigationSource {
  subscribe(listener: (location: { key: string }) => void): () => void;
}

export interface UpdateDeps {
  registration: Pick<ServiceWorkerRegistration, 'update' | 'waiting'>;
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'controller'>;
  navigations: NavigationSource;
  reload: () => void;
  now?: () => number;
}

/** At most one update check per this many milliseconds of navigation. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

export function keepServiceWorkerUpToDate({
  registration,
  container,
  navigations,
  reload,
  now = Date.now,
}: UpdateDeps) {
  let lastCheck = now();
  let lastKey: string | null = null;
  let reloading = false;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    // The first install taking control of a page that had none changes nothing the user sees.
    if (!hadController || reloading) return;
    reloading = true;
    reload();
  });
  return navigations.subscribe((location) => {
    if (lastKey === null) {
      lastKey = location.key;
      return;
    }
    if (location.key === lastKey) return;
    lastKey = location.key;
    const waiting = registration.waiting;
    if (waiting && hadController) {
      waiting.postMessage({ type: 'SKIP_WAITING' });
      return;
    }
    if (now() - lastCheck >= UPDATE_CHECK_INTERVAL_MS) {
      lastCheck = now();
      // Offline or a server hiccup: the next navigation tries again.
      void registration.update().catch(() => undefined);
    }
  });
}
