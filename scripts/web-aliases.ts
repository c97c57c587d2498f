import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const nodeModule = (file: string) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

/**
 * How the web app's imports resolve, the same in the build, the dev server and the component tests (so the tests
 * run what ships):
 *
 * - Preact's compatibility layer instead of React (ADR 011): the same React API in a sixth of the bytes, on the
 *   cheap phones and slow networks the app is for. The source keeps importing `react`. Exact matches only
 *   (`^...$`): react-router and @tanstack/react-query keep their own names and reach Preact through these.
 * - react-router's production build: its package exports only the development build (warnings, invariant
 *   messages) to bundlers, and its CommonJS entry (what Node resolves in tests) would require React itself.
 */
export const webAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-router$/, replacement: nodeModule('react-router/dist/production/index.mjs') },
];

/**
 * Component tests only: Testing Library's CommonJS entry would require React itself; its ES build goes through
 * the aliases above.
 */
export const testingLibraryAlias: Alias = {
  find: /^@testing-library\/react$/,
  replacement: nodeModule('@testing-library/react/dist/@testing-library/react.esm.js'),
};
