import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCore } from './scripts/vite-i18n-core.ts';
import { webAliases } from './scripts/web-aliases.ts';

// Three projects, one runner. `unit`: pure logic in Node (common/, server *.unit.test.ts, the chaos run's own
// judgements in tests/chaos). `web`: React and browser logic in jsdom. `api`: behaviour over HTTP against a real
// PostgreSQL (DATABASE_URL, else embedded).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: every file waited for the one before. The unit and web files run
    // side by side on as many workers as cores, two at least; VITEST_MAX_WORKERS overrides.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'tests/chaos/**/*.unit.test.ts'],
          environment: 'node',
          // Pure functions on their inputs: the files of a worker share its process (none stubs a global or keeps
          // state between files). A process per file took more than twice the CPU (27.5-29.9 s against 11.5-12.2 s
          // for the project alone).
          isolate: false,
        },
      },
      {
        plugins: [react(), i18nCore(import.meta.dirname)],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The files of a worker share its process and jsdom window; web-setup.ts gives each file the app's modules
          // afresh, an empty page and cleared storage. A process per file, each loading jsdom, React and the router
          // again, took several times the CPU of the tests themselves (the project alone: 155 s against 22 s).
          isolate: false,
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Two files at a time (VITEST_API_WORKERS overrides), each worker on a database of its own
          // (test-database.ts): every test app's delivery pass sends its whole database's queue with its own adapters
          // and push settings, so two files on one database had their pushes refused or their failing mail delivered
          // by the other's app. A file spends most of its time waiting for PostgreSQL or for its own server, which
          // the other file fills. A file that needs a queue of its own takes a database of its own
          // (migrated-scratch.ts).
          maxWorkers: Number(process.env.VITEST_API_WORKERS ?? 2),
          // The files of a worker share its process: each loaded the whole server again in a fresh one (the tier spent
          // 220 s of its 355 importing modules, against 15 s shared; 355 s -> 207 s in all). A file starts its own
          // app on its own port with its own adapters; what the server keeps per process (the security codes' salts,
          // keyed by user) is per database row, and a worker's files share one database.
          isolate: false,
          // A group of its own, after the unit and web files, when one run takes every project.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
