import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE } from '../../../common/i18n/languages';
import type { Language } from '../../../common/i18n/languages';
import { findIn, interpolate, useTranslation } from '../../i18n/i18n';
import type { Dictionary, Leaves, TranslationValues } from '../../i18n/i18n';
import type fr from './i18n/ops-fr.json';

/**
 * The back-office's own catalogues (issue 15): loaded with the ops screens only, so no customer downloads an
 * operator's strings. Same runtime as web/i18n (lookup, plurals, `{{name}}`), its own typed keys.
 */
export type OpsKey = Leaves<typeof fr>;
export type OpsT = (key: OpsKey, values?: TranslationValues) => string;

// The back-office is staff-facing in Morocco: fr, en and ar until the diaspora's languages (issue 21) get their own
// catalogues; a language without one reads the back-office in French, the fallback.
const loaders: Partial<Record<Language, () => Promise<{ default: Dictionary }>>> = {
  fr: () => import('./i18n/ops-fr.json'),
  en: () => import('./i18n/ops-en.json'),
  ar: () => import('./i18n/ops-ar.json'),
};
const catalogues: Partial<Record<Language, Dictionary>> = {};
const pending = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

/** The language whose catalogue the back-office reads for `language`. */
const opsLanguage = (language: Language): Language => (loaders[language] ? language : DEFAULT_LANGUAGE);

function load(language: Language): Promise<void> {
  let promise = pending.get(language);
  const loader = loaders[language];
  if (!promise && loader) {
    promise = loader().then(({ default: catalogue }) => {
      catalogues[language] = catalogue;
      version += 1;
      for (const listener of listeners) listener();
    });
    // A failed load (offline) may be tried again at the next render.
    promise.catch(() => pending.delete(language));
    pending.set(language, promise);
  }
  return promise ?? Promise.resolve();
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

/** The ops translator of the active language; `ready` is false until its catalogue (and French) are here. */
export function useOpsTranslation(): { ot: OpsT; ready: boolean; language: Language } {
  const { i18n } = useTranslation();
  const language = opsLanguage(i18n.language);
  useSyncExternalStore(subscribe, () => version);
  const ready = catalogues[language] !== undefined && catalogues[DEFAULT_LANGUAGE] !== undefined;
  useEffect(() => {
    if (ready) return;
    void load(language).catch(() => undefined);
    void load(DEFAULT_LANGUAGE).catch(() => undefined);
  }, [language, ready]);
  return { ot: translatorFor(language), ready, language };
}
