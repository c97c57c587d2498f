import { isLanguage } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';

// Morocco writes Arabic with Western digits (ar-MA); ar alone would give Eastern Arabic digits, which our
// users read less easily next to amounts printed on receipts and agency screens.
// The diaspora's languages as written where most of our senders live: Spain, Italy, the Netherlands
// (Flemish readers in Belgium read nl-NL numbers the same way), Germany.
const locales: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-US',
  ar: 'ar-MA',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  de: 'de-DE',
};

/** The Intl locale for numbers, dates and currencies in the active language. */
export function intlLocale(language: string): string {
  return isLanguage(language) ? locales[language] : locales.fr;
}

/**
 * The separator of a list of values (ids, dates, nationality codes) in `language`: Arabic's own comma '،' in ar
 *, ', ' in the Latin-script languages. Not Intl.ListFormat: its lists end with a conjunction (et, and,
 * و), which a list of ids must not say, and its Arabic unit style puts و before every item.
 */
export function listSeparator(language: string): string {
  return language === 'ar' ? '، ' : ', ';
}
