import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, directionOf } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';
import core from 'virtual:i18n-core';
import type fr from './fr.json';

type Catalogue = typeof fr;

// Only the core of French (the shell and the welcome page) ships in the entry chunk; every whole catalogue
// loads on demand, so neither a new screen's strings nor a language the user never picks cost the first load.
const catalogueLoaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('./fr.json'),
  en: () => import('./en.json'),
  ar: () => import('./ar.json'),
};
const loaded = new Set<Language>();

export const i18n = i18next.createInstance();

const ready = i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['fr', 'en', 'ar'],
  resources: { fr: { translation: core } },
  initAsync: false,
  // React escapes on render already.
  interpolation: { escapeValue: false },
});

async function ensureCatalogue(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { default: catalogue } = await catalogueLoaders[language]();
  // Deep merge over the core French sections, which are the same strings.
  i18n.addResourceBundle(language, 'translation', catalogue, true, true);
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
  await ready;
  await Promise.all(cataloguesFor(language, options.wholeCatalogue ?? true).map(ensureCatalogue));
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
