import type { TFunction } from '../../i18n/i18n';
import { contactMessages } from '../../../common/api/messages';
import { holderNameMessages } from '../../../common/banking/holder-name';
import { ribMessages } from '../../../common/banking/rib';
import { ApiError } from '../../shared/api/api-error';
import { intlLocale } from '../../i18n/intl-locale';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';

export type RecipientField = 'first_name' | 'last_name' | 'email' | 'phone_number' | 'rib' | 'rib_holder';
const fields: RecipientField[] = ['first_name', 'last_name', 'email', 'phone_number', 'rib', 'rib_holder'];

export interface CreateErrorTexts {
  fields: Partial<Record<RecipientField, string>>;
  form?: string;
}

/** The contact messages, by the server's exact text; the others through the shared table. */
export function contactMessageText(message: string, t: TFunction): string {
  switch (message) {
    case contactMessages.yourself:
      return t('contacts.form.yourself');
    case contactMessages.exists:
      return t('contacts.form.exists');
    case contactMessages.phoneOrEmail:
      return t('contacts.form.required');
    case contactMessages.phoneTooLong:
      return t('contacts.form.phoneTooLong');
    case ribMessages.format:
      return t('contacts.form.ribFormat');
    case ribMessages.length:
      return t('contacts.form.ribLength');
    case ribMessages.key:
      return t('contacts.form.ribKey');
    case ribMessages.unknown_bank:
      return t('contacts.form.ribUnknownBank');
    case holderNameMessages.required:
      return t('contacts.form.ribHolderNameRequired');
    case holderNameMessages.charset:
      return t('contacts.form.ribHolderNameCharset');
    default:
      return translateServerMessage(message, t);
  }
}

/** A failed create: field messages under their inputs; anything else is 'An unknown error occurred.'. */
export function createErrorTexts(error: unknown, t: TFunction, language: string): CreateErrorTexts {
  // The hourly limit on new recipients says so, with the wait in minutes.
  if (error instanceof ApiError && error.status === 429 && error.detail === contactMessages.tooManyAdded) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 3600) / 60));
    return {
      fields: {},
      form: t('contacts.form.tooMany', { minutes: new Intl.NumberFormat(intlLocale(language)).format(minutes) }),
    };
  }
  const common = commonErrorText(error, t, language);
  if (common) return { fields: {}, form: common };
  if (error instanceof ApiError && error.status === 400) {
    const result: CreateErrorTexts = { fields: {} };
    for (const field of fields) {
      const message = error.firstError(field);
      if (message !== undefined) result.fields[field] = contactMessageText(message, t);
    }
    if (Object.keys(result.fields).length > 0) return result;
  }
  return { fields: {}, form: t('contacts.form.unknown') };
}
