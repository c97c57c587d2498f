import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { applyLanguage } from '../../web/i18n/i18n';

// Screens outside the welcome page render with the whole French catalogue, as the route gate loads it.
beforeAll(async () => {
  await applyLanguage('fr');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after every test.
afterEach(() => {
  cleanup();
});
