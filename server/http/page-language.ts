import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '../../common/i18n/languages.ts';

/**
 * The language of a server-rendered page (explorer, proof of liabilities, sandbox checkout): `?lang=` first (the
 * app links with its own language), then the first of Accept-Language we speak, else English, the language of a
 * public explorer or a card provider's page when nothing says otherwise.
 */
export function pageLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  const asked = typeof query === 'string' ? query : '';
  const candidates = [asked, ...(acceptLanguage ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase())];
  return candidates.find(isLanguage) ?? 'en';
}

export const pageDirection = (lang: Language): 'ltr' | 'rtl' => (lang === 'ar' ? 'rtl' : 'ltr');

/** Intl locales of the server-rendered pages, as the app's (Moroccan Arabic digits stay Latin in ar-MA). */
export const pageLocales: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  ar: 'ar-MA',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  de: 'de-DE',
};

/**
 * The seven languages, each named in itself, the current one in bold; `href` builds a link that keeps
 * the page and changes only `lang`. Each name carries its own direction, so that Arabic among Latin names (or Latin
 * names on an Arabic page) does not reorder the separators.
 */
export function languageSwitcher(lang: Language, href: (l: Language) => string = (l) => `?lang=${l}`): string {
  return LANGUAGES.map((l) =>
    l === lang
      ? `<strong lang="${l}" dir="${pageDirection(l)}">${LANGUAGE_NAMES[l]}</strong>`
      : `<a href="${href(l)}" hreflang="${l}" lang="${l}" dir="${pageDirection(l)}">${LANGUAGE_NAMES[l]}</a>`,
  ).join(' · ');
}
