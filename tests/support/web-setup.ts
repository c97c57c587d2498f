import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// The web files share their worker's process and jsdom window (vitest.config.ts: a process per file cost several
// times the tests themselves). Each file still starts as if alone: the app's own modules evaluated afresh (their
// module-level state, such as the language shown or a session marked ended, is the file's own), the page empty and
// its storage cleared. What a file stubs it restores itself (vi.unstubAllGlobals after each test).
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
for (const attribute of Array.from(document.documentElement.attributes)) {
  document.documentElement.removeAttribute(attribute.name);
}

// A wait for what a screen shows gives up after 4 s, not Testing Library's 1 s: the web tier runs beside ESLint and
// the builds on two cores, where a screen's first render after its catalogue loads has taken more than 1 s.
configure({ asyncUtilTimeout: 4000 });

// Screens outside the welcome page render with the whole French catalogue, as the route gate loads it.
beforeAll(async () => {
  const { applyLanguage } = await import('../../web/i18n/i18n');
  await applyLanguage('fr');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after every test.
afterEach(() => {
  cleanup();
});
