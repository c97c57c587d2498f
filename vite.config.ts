import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCore } from './scripts/vite-i18n-core.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { webAliases } from './scripts/web-aliases.ts';

const api = 'http://127.0.0.1:3000';

/** What the home screen's first paint runs, lazily loaded after the entry: the layout of every signed-in screen and the home. */
const homeFirstPaint = /[\\/]web[\\/](app[\\/]ServerStateLayout|features[\\/]home[\\/]HomePage)\.tsx$/;
/** Whose modules stay where the bundler puts them: the entry's (every page's first load) and the welcome page's. */
const notHome = /[\\/]web[\\/](main|features[\\/]auth[\\/]WelcomePage)\.tsx$/;

/**
 * TanStack Query, which every screen after sign-in needs before it can ask the server anything: in the home chunk,
 * which every signed-in first load downloads anyway, one file compressed as one rather than a chunk of its own
 * (about 0.5 kB gzip and one request less). Its only dependency is React (in framework), so the welcome page does
 * not pull it in.
 */
const tanstack = /node_modules[\\/]@tanstack[\\/]/;

/**
 * The chunk of the app's own modules that the home screen statically imports and that neither the entry nor the
 * welcome page does: one file instead of some twenty small ones, each compressed on its own (a signed-in first
 * load of `/` downloads about 6 kB gzip less). Other screens share most of these modules and load it too.
 */
function homeChunk(id: string, context: Rolldown.ChunkingContext): string | null {
  if (tanstack.test(id)) return 'home';
  if (id.startsWith('\0') || id.includes('node_modules')) return null;
  const seen = new Set([id]);
  const queue = [id];
  let home = false;
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (notHome.test(next)) return null;
    if (homeFirstPaint.test(next)) home = true;
    for (const importer of context.getModuleInfo(next)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return home ? 'home' : null;
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP forbids inline scripts: never inline the module-preload polyfill or small assets as scripts.
    assetsInlineLimit: 0,
    // Every browser the app supports has <link rel=modulepreload>; the polyfill would cost every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One framework chunk that only changes when a dependency does: a returning phone re-downloads just
          // the app's few kilobytes after a deploy, and the first load is not cut into many small gzip files.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Only the modules themselves: their dependencies in the entry or the framework stay there.
            { name: homeChunk, debugName: 'home', includeDependenciesRecursively: false },
            {
              // The two modules the entry imports together once the page has loaded: one request, not two.
              name: 'service-worker-client',
              test: /[\\/]web[\\/]app[\\/]service-worker-(registration|update)\.ts$/,
            },
          ],
        },
      },
    },
  },
  resolve: { alias: webAliases },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api, '/sandbox': api, '/explorer': api },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  plugins: [
    react(),
    i18nCore(import.meta.dirname),
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      // Registered by web/app/service-worker-registration.ts: an injected inline script would break the CSP.
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icons/icon.svg'],
      manifest: {
        // The app's name reads the same in French and English; the installed icon's label is the short name.
        name: 'Sila – Europe → Maroc',
        short_name: 'Sila',
        description: 'Fast, safe and affordable remittances from Europe to Morocco.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The teller's QR scanner (its page and its decoding worker) is for tellers only: customers' phones do
        // not download it into their precache. A teller loads it from the network when scanning (online anyway).
        // Likewise the back-office: its screens, theme and catalogues are for operators only.
        globIgnores: ['**/qr-scanner-worker*', '**/QrScannerView*', '**/OpsApp*', '**/ops-*'],
        navigateFallback: '/index.html',
        // Server paths are never answered from the cache: money and identity are always fresh.
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/explorer\//],
        runtimeCaching: [],
        // Web Push: shows a push as a notification, a click opens its transaction (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
});
