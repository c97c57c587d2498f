import type { TFunction } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { commonErrorText, fieldErrorText } from '../../ui/server-messages';

export interface SendCodeErrors {
  /** Under the e-mail or phone input. */
  field?: string;
  /** Above the button. */
  form?: string;
}

/** A field message when the server refused the input, else 'Error sending the code.'. */
export function sendCodeErrors(error: unknown, field: 'email' | 'phone_number', t: TFunction, language: string): SendCodeErrors {
  const fieldText = fieldErrorText(error, field, t);
  if (fieldText) return { field: fieldText };
  const common = commonErrorText(error, t, language);
  if (common && error instanceof ApiError && error.status === 429) return { form: common };
  return { form: t('auth.sendFailed') + (common ? ` ${common}` : '') };
}
