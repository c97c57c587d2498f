import type { KycIdentityField, KycPart, KycProfileField } from '../../../common/api/kyc';
import { ApiError } from '../../shared/api/api-error';
import type { TFunction } from '../../i18n/i18n';
import { commonErrorText } from '../../ui/server-messages';
import { kycMessageText as messageText } from './kyc-errors';

export type KycFieldName = KycPart | KycProfileField | KycIdentityField | 'document_type';

/** What went wrong with a submission: one message per field, or one for the whole form. */
export interface KycFailure {
  fields: Partial<Record<KycFieldName, string>>;
  form?: string;
}

/** The server's answer to a submission in the user's language: field-level messages where it gave them. */
export function kycFailureOf(error: unknown, t: TFunction, language: string): KycFailure {
  const common = commonErrorText(error, t, language);
  if (common) return { fields: {}, form: common };
  if (error instanceof ApiError) {
    const fields: KycFailure['fields'] = {};
    for (const [name, messages] of Object.entries(error.fieldErrors)) {
      if (messages[0] !== undefined) fields[name as KycFieldName] = messageText(messages[0], t);
    }
    if (Object.keys(fields).length > 0) return { fields };
    if (error.status === 413) return { fields: {}, form: t('kyc.errors.tooLarge') };
    if (error.detail !== undefined) return { fields: {}, form: messageText(error.detail, t) };
  }
  return { fields: {}, form: t('errors.unknown') };
}
