import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * The language of a document for a signed-in user: `asked` (the `lang` parameter, checked by langQuery) first,
 * then the user's stored preference, else French (the default and fallback).
 */
export async function askedOrOwnLanguage(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  asked: Language | undefined,
): Promise<Language> {
  if (asked !== undefined) return asked;
  const row = await deps.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
}
