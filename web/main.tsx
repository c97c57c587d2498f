// First: the schemas that later imports build must see it (see the file).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { Location } from 'react-router';
import './app/theme.css';
import { App } from './app/App';
import { readStored } from './shared/api/browser-storage';
import { captureInstallPrompt } from './shared/install/install-prompt';
import { createRouteGate } from './app/route-gate';
import { browserRouteGateDeps } from './app/route-gate-deps';
import { STORAGE_KEYS } from './shared/api/storage-keys';
import { themeFor } from './shared/theme-rules';
import { applyDocumentTheme } from './app/use-theme';

captureInstallPrompt();

// A first guess at the theme from what is stored, so the loading screen is already in the right colours;
// the route gate and useTheme settle it once the URL's role is applied.
applyDocumentTheme(themeFor(readStored(STORAGE_KEYS.role), new URLSearchParams(window.location.search).get('role')));

// One gate for the life of the page: it remembers the previous location (its language, its role parameter).
const gate = createRouteGate(browserRouteGateDeps);
const navigationListeners = new Set<(location: Location) => void>();
const onNavigated = (location: Location) => {
  for (const listener of navigationListeners) listener(location);
};
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App gate={gate} onNavigated={onNavigated} />
    </BrowserRouter>
  </StrictMode>,
);

// Vite's dev server has no service worker to serve, and a worker there would cache modules mid-edit. Loaded
// after the page, so the worker's precaching never competes with the first screen on a slow network.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void Promise.all([import('./app/service-worker-registration'), import('./app/service-worker-update')]).then(
      async ([{ registerServiceWorker }, { keepServiceWorkerUpToDate }]) => {
        const registration = await registerServiceWorker();
        if (!registration) return;
        keepServiceWorkerUpToDate({
          registration,
          container: navigator.serviceWorker,
          navigations: {
            subscribe: (listener) => {
              navigationListeners.add(listener);
              return () => navigationListeners.delete(listener);
            },
          },
          reload: () => window.location.reload(),
        });
      },
    );
  });
}
