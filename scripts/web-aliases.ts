import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const nodeModule = (file: string) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

/**
 * How the web app's imports resolve, the same in the build, the dev server and the component tests (so the tests
 * run what ships): react-router's production build. Its package exports only the development build (warnings,
 * invariant messages) to bundlers and to Node, which would ship those bytes to every phone.
 */
export const webAliases: Alias[] = [
  { find: /^react-router$/, replacement: nodeModule('react-router/dist/production/index.mjs') },
];
