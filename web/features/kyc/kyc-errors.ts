import { kycMessages } from '../../../common/api/kyc';
import type { TFunction } from '../../i18n/i18n';
import { translateServerMessage } from '../../ui/server-messages';

/** The identity documents' server messages in the user's language; the others through the shared table. */
const kycTexts = new Map<string, (t: TFunction) => string>([
  [kycMessages.wrongType, (t) => t('kyc.errors.wrongType')],
  [kycMessages.tooLarge, (t) => t('kyc.errors.tooLarge')],
  [kycMessages.pending, (t) => t('kyc.errors.pending')],
  [kycMessages.verified, (t) => t('kyc.errors.verified')],
  [kycMessages.adult, (t) => t('kyc.errors.adult')],
  [kycMessages.documentType, (t) => t('kyc.errors.documentType')],
  [kycMessages.sameDocumentType, (t) => t('kyc.errors.sameDocumentType')],
  ['Enter a valid date (YYYY-MM-DD).', (t) => t('kyc.errors.date')],
]);
export const kycMessageText = (message: string, t: TFunction): string =>
  kycTexts.get(message)?.(t) ?? translateServerMessage(message, t);
