// First: the schemas that later imports build must see it (see the file).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import './app/theme.css';
import { App } from './app/App';
import { readStored } from './shared/api/browser-storage';
import { captureInstallPrompt } from './shared/install/install-prompt';
import { browserRootLoaderDeps } from './app/root-loader-deps';
import { createRoutes } from './app/routes';
import { STORAGE_KEYS } from './shared/api/storage-keys';
import { themeFor } from './shared/theme-rules';
import { applyDocumentTheme } from './app/use-theme';

captureInstallPrompt();

// A first guess at the theme from what is stored, so the loading screen is already in the right colours;
// the root loader and useTheme settle it once the URL's role is applied.
applyDocumentTheme(themeFor(readStored(STORAGE_KEYS.role), new URLSearchParams(window.location.search).get('role')));

const router = createBrowserRouter(createRoutes(browserRootLoaderDeps));
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
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
          router,
          reload: () => window.location.reload(),
        });
      },
    );
  });
}
