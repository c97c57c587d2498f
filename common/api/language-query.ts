import { z } from 'zod';
import { LANGUAGES, languageChoiceMessage } from '../i18n/languages.ts';

/**
 * `?lang=fr|en|ar|es|it|nl|de` of a signed-in user's document (receipt, statement, notifications): the screen's
 * language; absent, the server takes the user's stored language (server/modules/users/user-language.ts). Any other
 * value is a 400 on `lang` with languageChoiceMessage.
 */
export const langQuery = z.enum(LANGUAGES, { message: languageChoiceMessage }).optional();
