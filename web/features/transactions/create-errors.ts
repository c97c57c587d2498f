import type { TFunction } from '../../i18n/i18n';
import { transactionMessages, securityCodeErrors } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { limitRefusalText } from '../../shared/limits/LimitsSummary';
import { intlLocale } from '../../i18n/intl-locale';

/** A transaction's creation: each server message to its screen text; anything else is unknown. */
export function createErrorText(error: unknown, t: TFunction, language: string): string {
  const common = commonErrorText(error, t, language);
  if (common) return common;
  if (!(error instanceof ApiError)) return t('errors.unknown');
  const code = error.firstError('security_code');
  if (code === securityCodeErrors.notSet) return t('transactions.create.securityCodeNotSet');
  if (code === securityCodeErrors.invalid) return t('transactions.create.invalidCode');
  const contact = error.firstError('contact');
  if (contact === transactionMessages.contactNotFound) return t('transactions.create.unknownRecipient');
  if (contact === transactionMessages.yourself) return t('transactions.create.invalidRecipient');
  if (error.firstError('amount') === transactionMessages.notEnoughFunds) return t('transactions.create.insufficient');
  const limit = limitRefusalText(error.firstError('amount'), t, intlLocale(language));
  if (limit !== undefined) return limit;
  // Cash pickup: no phone, not a person, an unknown agency.
  const field = contact ?? error.firstError('agency');
  if (field !== undefined) return translateServerMessage(field, t);
  return t('errors.unknown');
}
