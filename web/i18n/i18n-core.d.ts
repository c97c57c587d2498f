declare module 'virtual:i18n-core' {
  import type fr from './fr.json';

  /** The core sections of fr.json (see scripts/vite-i18n-core.ts). */
  const core: Pick<typeof fr, 'app' | 'language' | 'welcome'>;
  export default core;
}

declare module 'virtual:i18n/*' {
  import type { Dictionary } from './i18n';

  /** One part (the home screen's keys, or the rest) of a language's catalogue (see scripts/vite-i18n-core.ts). */
  const part: Dictionary;
  export default part;
}
