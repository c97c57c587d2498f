// The product's languages. Shared so the server (send_code `language`) and the web app agree on one list.
export const LANGUAGES = ['fr', 'en', 'ar'] as const;

export type Language = (typeof LANGUAGES)[number];

/** French is the default and the fallback (SPEC.md sections 1 and 9). */
export const DEFAULT_LANGUAGE: Language = 'fr';

export type TextDirection = 'ltr' | 'rtl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): TextDirection {
  return language === 'ar' ? 'rtl' : 'ltr';
}
