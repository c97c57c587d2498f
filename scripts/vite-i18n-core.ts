import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The sections of the French catalogue the welcome page and the shell need before anything else loads. */
export const CORE_SECTIONS = ['app', 'language', 'welcome'] as const;

const id = 'virtual:i18n-core';

/**
 * `import core from 'virtual:i18n-core'`: the core sections of web/i18n/fr.json, so the entry chunk carries
 * only them while the whole catalogue loads with the first other screen (web/i18n/i18n.ts). fr.json stays the
 * one source of truth; the first load of /auth stays small however many screens add strings.
 */
export function i18nCore(root: string): Plugin {
  const file = path.join(root, 'web', 'i18n', 'fr.json');
  return {
    name: 'wallet:i18n-core',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const core = Object.fromEntries(CORE_SECTIONS.map((section) => [section, catalogue[section]]));
      return `export default ${JSON.stringify(core)};`;
    },
  };
}
