import { DEFAULT_LANGUAGE, isLanguage } from '../../common/i18n/languages';
import type { Language } from '../../common/i18n/languages';

/** The `lang` query parameter, else the stored language, else French. */
export function resolveLanguage(queryLang: string | null, storedLanguage: string | null): Language {
  if (isLanguage(queryLang)) return queryLang;
  if (isLanguage(storedLanguage)) return storedLanguage;
  return DEFAULT_LANGUAGE;
}
