import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The sections of the French catalogue the welcome page and the shell need before anything else loads. */
export const CORE_SECTIONS = ['app', 'language', 'welcome'] as const;

/**
 * The keys the home screen and what frames it (shell, banner, bottom navigation, today's transactions, limits,
 * rate widget, offline mark, bell) show at first paint: a section, or a key and everything under it or its
 * plural forms. The home of a returning customer, the app's most frequent first load, downloads these and not
 * the rest of the catalogue. A key missing here still shows: the runtime then loads the rest and renders again.
 */
export const HOME_KEYS = [
  ...CORE_SECTIONS,
  'common',
  'errors.unknown',
  'home',
  'nav',
  'session',
  'pages.home',
  'transactions.row',
  'transactions.recent',
  'transactions.seeAll',
  'transactions.empty',
  'transactions.loading',
  'transactions.at',
  'transactions.underReview',
  'transactions.myWithdrawal',
  'limits',
  'rateWidget',
  'pickups.title',
  'pickups.status',
  'offline',
  'notifications.bell',
  'notifications.bellUnread',
  'tellerMenu',
] as const;

/** The parts a language's catalogue is loaded in: the home screen's keys, and the rest. */
export const CATALOGUE_PARTS = ['home', 'rest'] as const;

interface Dictionary {
  [key: string]: string | Dictionary;
}

const inHome = (key: string) => HOME_KEYS.some((k) => key === k || key.startsWith(`${k}.`) || key.startsWith(`${k}_`));

/** The leaves of a nested catalogue whose dotted key is (home) or is not (rest) one of HOME_KEYS. */
export function cataloguePart(catalogue: Dictionary, part: (typeof CATALOGUE_PARTS)[number], prefix = ''): Dictionary {
  const out: Dictionary = {};
  for (const [name, value] of Object.entries(catalogue)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') {
      if (inHome(key) === (part === 'home')) out[name] = value;
      continue;
    }
    const child = cataloguePart(value, part, `${key}.`);
    if (Object.keys(child).length > 0) out[name] = child;
  }
  return out;
}

const coreId = 'virtual:i18n-core';
const partId = /^virtual:i18n\/([a-z]{2})-(home|rest)$/;

/**
 * Two kinds of virtual modules over web/i18n/<language>.json, which stay the one source of truth:
 * - `virtual:i18n-core`: the core sections of French, in the entry chunk, so the welcome page needs nothing else;
 * - `virtual:i18n/<language>-<part>`: one part of a language's catalogue (see HOME_KEYS) in a chunk of that name
 *   (`fr-home`), each loaded on demand (web/i18n/i18n.ts), so a first load carries one language's home keys and
 *   never the other six languages.
 */
export function i18nCore(root: string): Plugin {
  const fileOf = (language: string) => path.join(root, 'web', 'i18n', `${language}.json`);
  return {
    name: 'wallet:i18n-core',
    resolveId: (source) => (source === coreId || partId.test(source) ? `\0${source}` : undefined),
    load(resolved) {
      if (!resolved.startsWith('\0virtual:i18n')) return undefined;
      const source = resolved.slice(1);
      const part = partId.exec(source);
      const file = fileOf(part ? (part[1] ?? '') : 'fr');
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Dictionary;
      if (part) return `export default ${JSON.stringify(cataloguePart(catalogue, part[2] as 'home' | 'rest'))};`;
      const core = Object.fromEntries(CORE_SECTIONS.map((section) => [section, catalogue[section]]));
      return `export default ${JSON.stringify(core)};`;
    },
  };
}
