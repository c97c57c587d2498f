import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, directionOf } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';
import fr from './fr.json';

type Catalogue = typeof fr;

// French ships in the entry chunk because it is the fallback; the others load on demand so each language
// added costs nothing to users who never pick it.
const catalogueLoaders: Record<Exclude<Language, 'fr'>, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en.json'),
  ar: () => import('./ar.json'),
};

export const i18n = i18next.createInstance();

const ready = i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['fr', 'en', 'ar'],
  resources: { fr: { translation: fr } },
  initAsync: false,
  // React escapes on render already.
  interpolation: { escapeValue: false },
});

async function ensureCatalogue(language: Language): Promise<void> {
  if (language === 'fr' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: catalogue } = await catalogueLoaders[language]();
  i18n.addResourceBundle(language, 'translation', catalogue);
}

/** Switches translations, then <html lang dir>, so the first paint after it is in the right direction. */
export async function applyLanguage(language: Language): Promise<void> {
  await ready;
  await ensureCatalogue(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
