import { isLanguage } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';

// Morocco writes Arabic with Western digits (ar-MA); ar alone would give Eastern Arabic digits, which our
// users read less easily next to amounts printed on receipts and agency screens.
const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-US', ar: 'ar-MA' };

/** The Intl locale for numbers, dates and currencies in the active language. */
export function intlLocale(language: string): string {
  return isLanguage(language) ? locales[language] : locales.fr;
}
