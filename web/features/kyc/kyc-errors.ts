import { kycMessages } from '../../../common/api/kyc';
import type { TFunction } from '../../i18n/i18n';
import { translateServerMessage } from '../../ui/server-messages';

/**
 * The identity documents' server messages in the user's language; the others through the shared table (which
 * holds the file checks an account recovery's upload shares).
 */
const kycTexts = new Map<string, (t: TFunction) => string>([
  [kycMessages.pending, (t) => t('kyc.errors.pending')],
  [kycMessages.verified, (t) => t('kyc.errors.verified')],
  [kycMessages.adult, (t) => t('kyc.errors.adult')],
  [kycMessages.documentType, (t) => t('kyc.errors.documentType')],
  ['Enter a valid date (YYYY-MM-DD).', (t) => t('kyc.errors.date')],
]);
export const kycMessageText = (message: string, t: TFunction): string =>
  kycTexts.get(message)?.(t) ?? translateServerMessage(message, t);
