import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCore } from './scripts/vite-i18n-core.ts';
import { testingLibraryAlias, webAliases } from './scripts/web-aliases.ts';

// Three projects, one runner. `unit`: pure logic in Node (common/, server *.unit.test.ts, the chaos run's own
// judgements in tests/chaos). `web`: React and browser logic in jsdom. `api`: behaviour over HTTP against a real
// PostgreSQL (DATABASE_URL, else embedded).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'tests/chaos/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react(), i18nCore(import.meta.dirname)],
        resolve: { alias: [...webAliases, testingLibraryAlias] },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
          // Through Vite, so the aliases reach their own imports of react: left external, they would load React
          // itself next to the app's Preact (two runtimes, hooks failing).
          server: { deps: { inline: [/@tanstack.react-query/, /react-router/, /@testing-library.react/] } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
