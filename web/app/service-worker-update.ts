// A new deploy must reach installed apps soon: an old build talking to a new API is a source of odd failures.
// The new worker installs in the background and waits (registerType 'prompt': never a reload under someone's
// thumb in the middle of a send). The app checks for a new build when the user moves between screens, and
// lets a waiting build take over at the next route change, where a reload costs nothing: the screen changes
// anyway.

/** What this module needs of a router: React Router's data router has it. */
export interface NavigationSource {
  subscribe(listener: (state: { location: { key: string }; navigation: { state: string } }) => void): () => void;
}

export interface UpdateDeps {
  registration: Pick<ServiceWorkerRegistration, 'update' | 'waiting'>;
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'controller'>;
  router: NavigationSource;
  reload: () => void;
  now?: () => number;
}

/** At most one update check per this many milliseconds of navigation. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

export function keepServiceWorkerUpToDate({ registration, container, router, reload, now = Date.now }: UpdateDeps) {
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
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    if (lastKey === null) {
      lastKey = state.location.key;
      return;
    }
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
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
