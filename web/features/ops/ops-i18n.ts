import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE } from '../../../common/i18n/languages';
import type { Language } from '../../../common/i18n/languages';
import { findIn, interpolate, useTranslation } from '../../i18n/i18n';
import type { Dictionary, Leaves, TranslationValues } from '../../i18n/i18n';
import type fr from './i18n/ops-fr.json';

/**
 * The back-office's own catalogues: loaded with the ops screens only, so no customer downloads an
 * operator's strings. Same runtime as web/i18n (lookup, plurals, `{{name}}`), its own typed keys.
 */
export type OpsKey = Leaves<typeof fr>;
export type OpsT = (key: OpsKey, values?: TranslationValues) => string;

// Every language of the app, each its own lazy chunk: an operator who reads German gets German.
const loaders: Record<Language, () => Promise<{ default: Dictionary }>> = {
  fr: () => import('./i18n/ops-fr.json'),
  en: () => import('./i18n/ops-en.json'),
  ar: () => import('./i18n/ops-ar.json'),
  es: () => import('./i18n/ops-es.json'),
  it: () => import('./i18n/ops-it.json'),
  nl: () => import('./i18n/ops-nl.json'),
  de: () => import('./i18n/ops-de.json'),
};
const catalogues: Partial<Record<Language, Dictionary>> = {};
const pending = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function load(language: Language): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = loaders[language]().then(({ default: catalogue }) => {
      catalogues[language] = catalogue;
      version += 1;
      for (const listener of listeners) listener();
    });
    // A failed load (offline) may be tried again at the next render.
    promise.catch(() => pending.delete(language));
    pending.set(language, promise);
  }
  return promise;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const translators = new Map<string, OpsT>();
function translatorFor(language: Language): OpsT {
  const id = `${language}:${version}`;
  let translate = translators.get(id);
  if (!translate) {
    translate = (key, values) =>
      interpolate(
        findIn(catalogues[language], language, key, values) ??
          findIn(catalogues[DEFAULT_LANGUAGE], DEFAULT_LANGUAGE, key, values) ??
          key,
        values,
      );
    translators.set(id, translate);
  }
  return translate;
}

/** Loads a language's ops catalogue and the French one it falls back to: what the back-office waits for before its
 * first screen (`ready`), and what a test of one screen rendered outside that gate awaits before it acts. */
export function loadOpsCatalogues(language: Language): Promise<void> {
  return Promise.all([load(language), load(DEFAULT_LANGUAGE)]).then(() => undefined);
}

/** The ops translator of the active language; `ready` is false until its catalogue (and French) are here. */
export function useOpsTranslation(): { ot: OpsT; ready: boolean; language: Language } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useSyncExternalStore(subscribe, () => version);
  const ready = catalogues[language] !== undefined && catalogues[DEFAULT_LANGUAGE] !== undefined;
  useEffect(() => {
    if (ready) return;
    void loadOpsCatalogues(language).catch(() => undefined);
  }, [language, ready]);
  return { ot: translatorFor(language), ready, language };
}
