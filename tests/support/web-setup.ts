import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { applyLanguage } from '../../web/i18n/i18n';

// Screens outside the welcome page render with the whole French catalogue, as the root loader loads it.
beforeAll(async () => {
  await applyLanguage('fr');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after every test.
afterEach(() => {
  cleanup();
});

// Preact runs pending effects after the next frame: requestAnimationFrame, with a 35 ms timer as the fallback
// whose callback calls cancelAnimationFrame. A test that ends with effects pending leaves that timer behind; on a
// loaded machine it fired after the file's jsdom was torn down, and the ReferenceError ("cancelAnimationFrame is
// not defined", LedgerLine.test.tsx) failed the whole run with every test passed. Waiting past the fallback at the
// end of each file lets those timers fire while the window still exists (timers fire in order of expiry).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
