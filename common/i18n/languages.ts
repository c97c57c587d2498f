// The product's languages. Shared so the server (send_code `language`) and the web app agree on one list.
// French, English and Arabic first (Morocco's), then the diaspora's: Spanish, Italian, Dutch, German.
export const LANGUAGES = ['fr', 'en', 'ar', 'es', 'it', 'nl', 'de'] as const;

export type Language = (typeof LANGUAGES)[number];

/** French is the default and the fallback. */
export const DEFAULT_LANGUAGE: Language = 'fr';

/**
 * Each language named in itself, as every switcher shows it: a reader finds their own language
 * whatever the page is in. Not in the catalogues, so that the name never changes with the page's language.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  ar: 'العربية',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  de: 'Deutsch',
};

/** The message of a `lang` parameter that is none of LANGUAGES. */
export const languageChoiceMessage = `Choose ${LANGUAGES.slice(0, -1).join(', ')} or ${LANGUAGES.at(-1)}.`;

export type TextDirection = 'ltr' | 'rtl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): TextDirection {
  return language === 'ar' ? 'rtl' : 'ltr';
}
