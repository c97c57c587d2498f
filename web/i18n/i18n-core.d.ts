declare module 'virtual:i18n-core' {
  import type fr from './fr.json';

  /** The core sections of fr.json (see scripts/vite-i18n-core.ts). */
  const core: Pick<typeof fr, 'app' | 'language' | 'welcome'>;
  export default core;
}
