import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, directionOf } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';
import core from 'virtual:i18n-core';
import type fr from './fr.json';

/**
 * The app's translation runtime: a key lookup in nested catalogues, `{{name}}` interpolation
 * and plural forms chosen by Intl.PluralRules (`key_one`, `key_other`, Arabic's six forms). It replaces i18next
 * and react-i18next, which cost the first load about 18 kB gzip for these three features; the call sites keep
 * their shape (`const { t, i18n } = useTranslation()`, `i18n.language`).
 */

type Catalogue = typeof fr;
export interface Dictionary {
  [key: string]: string | Dictionary;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** The keys of a nested catalogue, plural forms under their base key (also used by the back-office's own). */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of fr.json (the source catalogue), plural forms under their base key: a typo is a type error. */
export type TranslationKey = Leaves<Catalogue>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

// Only the core of French (the shell and the welcome page) ships in the entry chunk; every whole catalogue
// loads on demand, so neither a new screen's strings nor a language the user never picks cost the first load.
const catalogueLoaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('./fr.json'),
  en: () => import('./en.json'),
  ar: () => import('./ar.json'),
  es: () => import('./es.json'),
  it: () => import('./it.json'),
  nl: () => import('./nl.json'),
  de: () => import('./de.json'),
};
const catalogues: Partial<Record<Language, Dictionary>> = { fr: core };
const loaded = new Set<Language>();
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
const pluralRules = new Map<Language, Intl.PluralRules>();

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function find(language: Language, key: string, values: TranslationValues | undefined): string | undefined {
  return findIn(catalogues[language], language, key, values);
}

/** A key of one dictionary, its plural form chosen by the language's rules; undefined when it has none. */
export function findIn(
  dictionary: Dictionary | undefined,
  language: Language,
  key: string,
  values: TranslationValues | undefined,
): string | undefined {
  const count = values?.count;
  if (typeof count === 'number') {
    const plural = lookup(dictionary, `${key}_${pluralForm(language, count)}`) ?? lookup(dictionary, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(dictionary, key);
}

export function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values) return text;
  // React escapes on render: the values are inserted as they are.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

function translator(language: () => Language): TFunction {
  return (key, values) => {
    const text = find(language(), key, values) ?? find(DEFAULT_LANGUAGE, key, values) ?? key;
    return interpolate(text, values);
  };
}

const t = translator(() => current);

export const i18n = {
  get language(): Language {
    return current;
  },
  t,
  /** A translator bound to one language whatever the active one is. */
  getFixedT: (language: Language): TFunction => translator(() => language),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translator of the active language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, () => current);
  // A new function per language, so memoised children that receive `t` see the change.
  return { t: translatorFor(language), i18n };
}

const translators = new Map<Language, TFunction>();
function translatorFor(language: Language): TFunction {
  let translate = translators.get(language);
  if (!translate) {
    translate = translator(() => language);
    translators.set(language, translate);
  }
  return translate;
}

async function ensureCatalogue(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { default: catalogue } = await catalogueLoaders[language]();
  // The whole catalogue replaces the core French sections, which are the same strings.
  catalogues[language] = catalogue;
  loaded.add(language);
}

/** Catalogues a screen needs: its language's whole one, and French as the fallback, except on the welcome page. */
function cataloguesFor(language: Language, wholeCatalogue: boolean): Language[] {
  if (!wholeCatalogue) return language === 'fr' ? [] : [language];
  return language === 'fr' ? ['fr'] : [language, 'fr'];
}

/**
 * Switches translations, then <html lang dir>, so the first paint after it is in the right direction. The
 * welcome page passes `wholeCatalogue: false`: in French it renders from the core sections alone.
 */
export async function applyLanguage(language: Language, options: { wholeCatalogue?: boolean } = {}): Promise<void> {
  await Promise.all(cataloguesFor(language, options.wholeCatalogue ?? true).map(ensureCatalogue));
  if (current !== language) {
    current = language;
    for (const listener of listeners) listener();
  }
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
