import type { TFunction } from '../i18n/i18n';
import {
  accountFrozenMessage,
  authMessages,
  beingPaidOutMessage,
  genericMessages,
  loginCodeMessage,
  profileMessages,
  rateAlertMessages,
  securityCodeErrors,
  securityCodeMessage,
  guessableSecurityCodeMessage,
  withdrawalMessages,
  counterMessages,
  recoveryMessages,
  kycMessages,
} from '../../common/api/messages';
import { phoneMessages } from '../../common/identity/phone';
import { pickupBeingPaidOutMessage, pickupMessages } from '../../common/api/pickups';
import { payoutMessages } from '../../common/api/payouts';
import { caseMessages } from '../../common/api/cases';
import { API_TIMEOUT_DETAIL, ApiError } from '../shared/api/api-error';
import { intlLocale } from '../i18n/intl-locale';
import { dateTimeFormat, numberFormat } from './intl-format';

// The server's messages are part of the contract (common/api): screens translate them by their exact text, so a
// new server message shows as the generic one rather than as untranslated English.
const translations = new Map<string, (t: TFunction) => string>([
  ['Enter a valid email address.', (t) => t('errors.invalidEmail')],
  [phoneMessages.invalid, (t) => t('errors.invalidPhone')],
  [phoneMessages.unsupported_prefix, (t) => t('errors.unsupportedPrefix')],
  [phoneMessages.wrong_length, (t) => t('errors.phoneWrongLength')],
  [genericMessages.required, (t) => t('errors.required')],
  [kycMessages.wrongType, (t) => t('kyc.errors.wrongType')],
  [caseMessages.kind, (t) => t('help.errors.kind')],
  [caseMessages.message, (t) => t('help.errors.message')],
  [caseMessages.transaction, (t) => t('help.errors.transaction')],
  [caseMessages.file, (t) => t('help.errors.file')],
  [caseMessages.closed, (t) => t('help.errors.closed')],
  [caseMessages.notMultipart, (t) => t('help.errors.notMultipart')],
  [kycMessages.tooLarge, (t) => t('kyc.errors.tooLarge')],
  [kycMessages.sameDocumentType, (t) => t('kyc.errors.sameDocumentType')],
  [recoveryMessages.notSame, (t) => t('recovery.errors.notSame')],
  [recoveryMessages.taken, (t) => t('recovery.errors.taken')],
  [recoveryMessages.notWaiting, (t) => t('recovery.errors.notWaiting')],
  [recoveryMessages.pending, (t) => t('recovery.errors.pending')],
  [recoveryMessages.coolingOff, (t) => t('recovery.errors.coolingOff')],
  [genericMessages.nullCharacter, (t) => t('errors.nullCharacter')],
  [genericMessages.controlCharacters, (t) => t('errors.controlCharacters')],
  ['This field may not be blank.', (t) => t('errors.required')],
  ['Choose your country of residence from the list.', (t) => t('errors.invalidCountry')],
  [profileMessages.loginEmailLocked, (t) => t('errors.loginEmailLocked')],
  [profileMessages.loginPhoneLocked, (t) => t('errors.loginPhoneLocked')],
  [profileMessages.setOnce, (t) => t('errors.setOnce')],
  [profileMessages.identityVerified, (t) => t('errors.identityVerified')],
  [profileMessages.identityUnderReview, (t) => t('errors.identityUnderReview')],
  [profileMessages.emailTaken, (t) => t('errors.emailTaken')],
  [profileMessages.phoneTaken, (t) => t('errors.phoneTaken')],
  [profileMessages.noEmailToConfirm, (t) => t('errors.noEmailToConfirm')],
  [profileMessages.emailAlreadyConfirmed, (t) => t('errors.emailAlreadyConfirmed')],
  [profileMessages.noPhoneToConfirm, (t) => t('errors.noPhoneToConfirm')],
  [profileMessages.phoneAlreadyConfirmed, (t) => t('errors.phoneAlreadyConfirmed')],
  [securityCodeErrors.notSet, (t) => t('errors.securityCodeNotSet')],
  [securityCodeErrors.invalid, (t) => t('errors.securityCodeInvalid')],
  [securityCodeMessage, (t) => t('securityCode.mustBeSixDigits')],
  [guessableSecurityCodeMessage, (t) => t('securityCode.guessable')],
  [loginCodeMessage, (t) => t('auth.codeIncorrect')],
  [authMessages.wrongCode, (t) => t('auth.codeIncorrect')],
  [authMessages.sendFailed, (t) => t('auth.sendFailed')],
  [beingPaidOutMessage, (t) => t('errors.beingPaidOut')],
  [withdrawalMessages.heldByOtherCounter, (t) => t('withdraw.heldElsewhere')],
  [withdrawalMessages.cancelled, (t) => t('withdraw.cancelled')],
  [withdrawalMessages.expired, (t) => t('withdraw.expired')],
  [withdrawalMessages.alreadyValidated, (t) => t('withdraw.done')],
  [withdrawalMessages.notPayable, (t) => t('withdraw.notPayable')],
  [counterMessages.format, (t) => t('withdraw.lookup.format')],
  [accountFrozenMessage, (t) => t('errors.accountFrozen')],
  [pickupBeingPaidOutMessage, (t) => t('errors.pickupBeingPaidOut')],
  [pickupMessages.noPhone, (t) => t('pickups.errors.noPhone')],
  [payoutMessages.noRib, (t) => t('payouts.errors.noRib')],
  [payoutMessages.notAPerson, (t) => t('payouts.errors.notAPerson')],
  [payoutMessages.confirmPayee, (t) => t('payouts.errors.confirmPayee')],
  [payoutMessages.noHolderName, (t) => t('payouts.errors.noHolderName')],
  [payoutMessages.noMobileWallet, (t) => t('payouts.errors.noMobileWallet')],
  [payoutMessages.walletNotAPerson, (t) => t('payouts.errors.walletNotAPerson')],
  [pickupMessages.notAPerson, (t) => t('pickups.errors.notAPerson')],
  [pickupMessages.unknownAgency, (t) => t('pickups.errors.unknownAgency')],
  [pickupMessages.agencyDisabled, (t) => t('pickups.errors.agencyDisabled')],
  [pickupMessages.agencyWithoutPickup, (t) => t('pickups.errors.unknownAgency')],
  [pickupMessages.referenceFormat, (t) => t('pickups.referenceFormat')],
  [pickupMessages.checkDigit, (t) => t('pickups.checkDigit')],
  [pickupMessages.alreadyCollected, (t) => t('pickups.status.collected')],
  [pickupMessages.cancelled, (t) => t('pickups.status.cancelled')],
  [pickupMessages.refunded, (t) => t('pickups.errors.refundedToSender')],
  [pickupMessages.expired, (t) => t('pickups.status.expired')],
  [pickupMessages.heldByOtherCounter, (t) => t('pickups.errors.heldElsewhere')],
  [pickupMessages.nameMatches, (t) => t('pickups.confirmName')],
  [pickupMessages.idDocumentType, (t) => t('pickups.chooseIdType')],
  [pickupMessages.idDocumentNumber, (t) => t('pickups.enterIdNumber')],
  [pickupMessages.nameNotEditable, (t) => t('pickups.errors.nameNotEditable')],
  [pickupMessages.notPayable, (t) => t('pickups.status.not_payable')],
  [rateAlertMessages.threshold, (t) => t('rates.alerts.errors.threshold')],
  [rateAlertMessages.notAbove, (t) => t('rates.alerts.errors.notAbove')],
  [rateAlertMessages.tooHigh, (t) => t('rates.alerts.errors.tooHigh')],
  [rateAlertMessages.tooMany, (t) => t('rates.alerts.errors.tooMany')],
]);

export function translateServerMessage(message: string, t: TFunction): string {
  return translations.get(message)?.(t) ?? t('errors.unknown');
}

/** The 429 text, with the wait the server asked for when it said. */
export function tooManyAttemptsText(error: ApiError, t: TFunction, language: string): string {
  return error.retryAfter === undefined
    ? t('errors.tooManyAttemptsLater')
    : t('errors.tooManyAttempts', { seconds: numberFormat(intlLocale(language)).format(error.retryAfter) });
}

/** The translated message of one field of a 400, if the server named that field. */
export function fieldErrorText(error: unknown, field: string, t: TFunction): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const message = error.firstError(field);
  return message === undefined ? undefined : translateServerMessage(message, t);
}

/**
 * A wrong security code says how many tries are left, a locked one until what time (the server sends
 * `attempts_remaining` or `locked_until`); a code of the wrong length keeps its own message elsewhere.
 */
export function securityCodeErrorText(error: ApiError, t: TFunction, language: string): string | undefined {
  if (error.lockedUntil !== undefined) {
    const until = new Date(error.lockedUntil);
    if (Number.isNaN(until.getTime())) return undefined;
    const time = dateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit' }).format(until);
    return t('errors.securityCodeLockedUntil', { time });
  }
  if (error.attemptsRemaining !== undefined) return t('errors.securityCodeWrong', { count: error.attemptsRemaining });
  return undefined;
}

/**
 * Failures every screen words the same way: no network, no answer, session over, a wrong or locked security
 * code, too many attempts.
 */
export function commonErrorText(error: unknown, t: TFunction, language: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0) return error.detail === API_TIMEOUT_DETAIL ? t('errors.timeout') : t('errors.network');
  // The session banner says what to do; the screen says the same words rather than 'unknown error'.
  if (error.status === 401) return t('session.ended');
  // Frozen by an operator: every money screen says so, whatever it was doing.
  if (error.detail === accountFrozenMessage) return t('errors.accountFrozen');
  const code = securityCodeErrorText(error, t, language);
  if (code !== undefined) return code;
  if (error.status === 429) return tooManyAttemptsText(error, t, language);
  return undefined;
}
