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

// Only the core of French (the shell and the welcome page) ships in the entry chunk; every other string loads on
// demand in two parts per language (scripts/vite-i18n-core.ts): the home screen's keys, then the rest with the
// first other screen. Neither a new screen's strings nor a language the user never picks cost the first load.
type Part = 'home' | 'rest';
type PartLoader = () => Promise<{ default: Dictionary }>;
const partLoaders: Record<Language, Record<Part, PartLoader>> = {
  fr: { home: () => import('virtual:i18n/fr-home'), rest: () => import('virtual:i18n/fr-rest') },
  en: { home: () => import('virtual:i18n/en-home'), rest: () => import('virtual:i18n/en-rest') },
  ar: { home: () => import('virtual:i18n/ar-home'), rest: () => import('virtual:i18n/ar-rest') },
  es: { home: () => import('virtual:i18n/es-home'), rest: () => import('virtual:i18n/es-rest') },
  it: { home: () => import('virtual:i18n/it-home'), rest: () => import('virtual:i18n/it-rest') },
  nl: { home: () => import('virtual:i18n/nl-home'), rest: () => import('virtual:i18n/nl-rest') },
  de: { home: () => import('virtual:i18n/de-home'), rest: () => import('virtual:i18n/de-rest') },
};
const catalogues: Partial<Record<Language, Dictionary>> = { fr: structuredClone(core) };
const loading = new Map<string, Promise<void>>();
const loadedParts = new Set<string>();
let current: Language = DEFAULT_LANGUAGE;
// Bumped when a part arrives after the screen rendered without it (see `find`), so the screen renders again.
let version = 0;
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
  const text = findIn(catalogues[language], language, key, values);
  // A key outside the parts loaded so far (a screen that shows more than HOME_KEYS lists): load the rest and
  // render again, rather than leave the key on screen.
  if (text === undefined && !loadedParts.has(`${language}/rest`)) void completeCatalogue(language);
  return text;
}

function completeCatalogue(language: Language): Promise<void> {
  return Promise.all([ensurePart(language, 'home'), ensurePart(language, 'rest')]).then(notify, () => undefined);
}

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
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

const snapshot = () => `${current}#${version}`;

/** The translator of the active language; the component renders again when the language or its strings change. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const state = useSyncExternalStore(subscribe, snapshot);
  // A new function per language and catalogue state, so memoised children that receive `t` see the change.
  return { t: translatorFor(state), i18n };
}

const translators = new Map<string, TFunction>();
function translatorFor(state: string): TFunction {
  let translate = translators.get(state);
  if (!translate) {
    const language = state.slice(0, state.indexOf('#')) as Language;
    translate = translator(() => language);
    translators.set(state, translate);
  }
  return translate;
}

/** Deep-merges one part into a language's catalogue (the parts split some sections key by key). */
function merge(into: Dictionary, part: Dictionary): void {
  for (const [name, value] of Object.entries(part)) {
    const existing = into[name];
    if (typeof value !== 'string' && existing !== undefined && typeof existing !== 'string') merge(existing, value);
    else into[name] = typeof value === 'string' ? value : structuredClone(value);
  }
}

function ensurePart(language: Language, part: Part): Promise<void> {
  const id = `${language}/${part}`;
  let promise = loading.get(id);
  if (!promise) {
    promise = partLoaders[language][part]().then(({ default: dictionary }) => {
      merge((catalogues[language] ??= {}), dictionary);
      loadedParts.add(id);
    });
    // A failed load (offline) may be tried again by the next navigation.
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/**
 * What a screen needs before it renders: `core` (the welcome page: French's core sections are in the entry chunk),
 * `home` (the home screen's keys) or `whole` (every key, and French's as the fallback).
 */
export type CatalogueScope = 'core' | 'home' | 'whole';

function partsFor(language: Language, scope: CatalogueScope): [Language, Part][] {
  if (scope === 'core') return language === 'fr' ? [] : [[language, 'home']];
  if (scope === 'home') return [[language, 'home']];
  const whole: [Language, Part][] = [
    [language, 'home'],
    [language, 'rest'],
  ];
  return language === 'fr' ? whole : [...whole, ['fr', 'home'], ['fr', 'rest']];
}

/**
 * Switches translations, then <html lang dir>, so the first paint after it is in the right direction. Without a
 * scope, the whole catalogue (`wholeCatalogue: false` is the welcome page's `core`).
 */
export async function applyLanguage(
  language: Language,
  options: { scope?: CatalogueScope; wholeCatalogue?: boolean } = {},
): Promise<void> {
  const scope = options.scope ?? (options.wholeCatalogue === false ? 'core' : 'whole');
  await Promise.all(partsFor(language, scope).map(([lang, part]) => ensurePart(lang, part)));
  if (current !== language) {
    current = language;
    notify();
  }
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
