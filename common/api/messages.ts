import { PHONE_INPUT_MAX_LENGTH } from '../identity/phone.ts';

/**
 * The server's exact messages and the contract's constants, without zod: screens that only
 * translate a message or read a limit import this module, not the schemas, so zod (26 kB gzip) stays out of
 * their first load. The schema modules re-export each constant, so the server's imports are unchanged.
 */

/** The server's sign-in messages; the screens translate them by this exact text (or show their own wording). */
export const authMessages = {
  codeSent: 'If this address can receive messages, a code has been sent.',
  sendFailed: 'The code could not be sent. Try again shortly.',
  /** One message for a wrong, expired, used or never-sent code: the answer says nothing about which. */
  wrongCode: 'The code is incorrect or has expired.',
  emailConfirmed: 'Your e-mail address is confirmed.',
  badConfirmation: 'This confirmation link is invalid or has expired.',
} as const;

export const loginCodeMessage = 'The code must be 6 digits.';

/** Messages the server sends for generic failures; the UI translates them by this exact text. */
export const genericMessages = {
  required: 'This field is required.',
  notFound: 'Not found.',
  unauthenticated: 'Authentication credentials were not provided or are invalid.',
  forbidden: 'You do not have permission to perform this action.',
  malformedJson: 'Malformed JSON body.',
  unsupportedMediaType: 'Unsupported media type: send application/json.',
  bodyTooLarge: 'Request body is too large.',
  tooManyRequests: 'Too many attempts. Try again later.',
  unavailable: 'Service temporarily unavailable. Try again shortly.',
  internal: 'An unexpected error occurred.',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request.',
  nullCharacter: 'Null characters are not allowed.',
  controlCharacters: 'Names may not contain line breaks, control or text-direction characters.',
} as const;

/** Field messages of `PATCH /api/users/{id}/` (the profile's rules). */
export const profileMessages = {
  loginEmailLocked: 'The e-mail address you sign in with cannot be changed.',
  loginPhoneLocked: 'The phone number you sign in with cannot be changed.',
  setOnce: 'This field cannot be changed once set.',
  emailTaken: 'This email is already used by another account.',
  phoneTaken: 'This phone number is already used by another account.',
  /** `POST /api/users/{id}/email_confirmation/`: nothing to confirm. */
  noEmailToConfirm: 'Add an e-mail address to your profile first.',
  emailAlreadyConfirmed: 'This e-mail address is already confirmed.',
  /** `POST /api/users/{id}/phone_confirmation/`: nothing to prove. */
  noPhoneToConfirm: 'Add a phone number to your profile first.',
  phoneAlreadyConfirmed: 'This phone number is already confirmed.',
  /** A verified identity (level 2): its name, date of birth and country change through a new identity document. */
  identityVerified: 'Your identity is verified: to change it, send a new identity document.',
  /** Documents under review vouch for the name and country they were sent with. */
  identityUnderReview: 'Your documents are being reviewed: this cannot change until they are decided.',
} as const;

/** The exact `security_code` messages of every endpoint that checks the code. */
export const securityCodeErrors = {
  notSet: 'Security code not set',
  invalid: 'Invalid security code',
  locked: 'Too many wrong security codes. Try again later.',
} as const;

export const securityCodeMessage = 'The security code must be 6 digits.';
/** A new code that anyone would try first (000000, 123456, 121212…): refused when chosen. */
export const guessableSecurityCodeMessage = 'This code is too easy to guess. Choose 6 digits without a pattern.';

/** The teller's messages (Teller): the screens translate them. */
export const withdrawalMessages = {
  otherAgency: 'Transaction intended for another agency.',
  alreadyValidated: 'This withdrawal has already been made.',
  expired: 'This withdrawal has expired.',
  cancelled: 'This withdrawal was cancelled.',
  idMismatch: 'This withdrawal does not match the scanned code.',
  heldByOtherCounter: 'This withdrawal is being paid out at another counter.',
  // Its sender is frozen: the counter learns only that it cannot be paid, never why (as for a held pickup).
  notPayable: 'This withdrawal cannot be paid out, the customer can contact support.',
} as const;

/** The counter's one lookup field: what it answers when the typed text is none of the references it takes. */
export const counterMessages = {
  format:
    'Type the withdrawal reference (12 letters and digits), the cash pickup reference (10 digits) or the QR code.',
} as const;

/** The customer's cancel while a teller holds the withdrawal for payout: a 409. */
export const beingPaidOutMessage = 'This withdrawal is being paid out at the agency.';

/** The exact server messages of a transaction's creation, whatever rule refused it. */
export const transactionMessages = {
  contactNotFound: 'Contact not found',
  yourself: 'Cannot send to yourself',
  notEnoughFunds: 'Not enough funds',
  belowMinimum: (min: string) => `Ensure this value is greater than or equal to ${min}.`,
  aboveMaximum: (max: string) => `Ensure this value is less than or equal to ${max}.`,
  notCancellable: 'This transaction can no longer be cancelled.',
  invalidDate: 'Enter a valid date (YYYY-MM-DD).',
  invalidTimeZone: 'Enter a valid IANA time zone (e.g. Europe/Paris).',
  invalidCategory: 'Choose sending, reception, exchange or withdrawal.',
  bankerOnly: 'Only bank tellers can do this.',
  customersOnly: 'Bank tellers cannot send money.',
} as const;

/** The statement export: `GET /api/transactions/export/`. */
export const statementMessages = {
  format: 'Choose csv.',
  periodTooLong: 'Choose a period of at most 366 days.',
  endBeforeStart: 'The end date must come after the start date.',
  tooManyRows: 'This period holds more than 10,000 transactions: choose a shorter one.',
} as const;

/** The exact messages of adding a contact, one per rule; the screens translate them. */
export const contactMessages = {
  yourself: 'You cannot add yourself as a recipient.',
  exists: 'This recipient already exists.',
  phoneOrEmail: 'Enter a phone number or an email.',
  phoneTooLong: `Ensure this field has no more than ${PHONE_INPUT_MAX_LENGTH} characters.`,
  latitude: 'Enter a latitude between -90 and 90.',
  longitude: 'Enter a longitude between -180 and 180.',
  bothCoordinates: 'Send latitude and longitude together.',
  booleanFlag: 'Must be true or false.',
  agencyReadOnly: 'Agencies cannot be changed.',
  customersOnly: 'Bank tellers have no recipients.',
  /** 429 past CONTACT_CREATE_LIMIT_PER_HOUR, with Retry-After. */
  tooManyAdded: 'You have added too many recipients in the last hour. Try again later.',
} as const;

/** The search is debounced by the screens; 100 characters is more than any name or e-mail. */
export const SEARCH_MAX_LENGTH = 100;

/** A customer frozen by an operator: every money movement answers this (403). */
export const accountFrozenMessage = 'This account is frozen: no money can be moved. Contact customer service.';

/** The back-office's agencies, tellers and operators: part of opsMessages below. */
const opsPeopleMessages = {
  agencyName: 'Enter the agency name (1 to 100 characters).',
  agencyAddress: 'Enter the address (1 to 200 characters).',
  agencyZip: 'Enter the postal code (1 to 20 characters).',
  agencyCity: 'Enter the city (1 to 100 characters).',
  agencyLatitude: 'Enter a latitude between -90 and 90 (up to 6 decimals).',
  agencyLongitude: 'Enter a longitude between -180 and 180 (up to 6 decimals).',
  agencyNoChange: 'Change at least one field.',
  agencyNameTaken: 'Another agency already has this name.',
  agencyAlreadyDisabled: 'This agency is already disabled.',
  agencyNotDisabled: 'This agency is not disabled.',
  agencyDisabled: 'This agency is disabled: choose another one.',
  unknownAgency: 'Unknown agency.',
  notATeller: 'This account is not a teller.',
  alreadyTeller: 'This person is already a teller: move them to another agency instead.',
  sameAgency: 'This teller already works at this agency.',
  isStaff: 'This person is an operator or auditor: remove them from the back-office first.',
  isTeller: 'This person is a teller: disable them as a teller first.',
  hasMoney: 'This customer still has money, pending transfers or a hold on their account: they must be settled first.',
  alreadyStaff: 'This person is already an operator or auditor.',
  notStaff: 'This account is not an operator or auditor.',
  removeYourself: 'You cannot remove yourself: another operator must.',
  lastOperator: 'At least one operator must remain.',
  // Staff changes wait for a second operator, and who may be that second operator.
  approverTooNew: 'You became an operator after this request was made: another operator must decide it.',
  approverAddedByRequester: 'This request was made by the operator who added you: another operator must decide it.',
} as const;

/** The back-office's messages (`/api/ops/`): the ops screens translate them by their exact text. */
export const opsMessages = {
  ...opsPeopleMessages,
  staffOnly: 'Only operators can do this.',
  auditorReadOnly: 'Auditors can read but not change anything.',
  reasonRequired: 'Give a reason (at least 3 characters).',
  alreadyFrozen: 'This account is already frozen.',
  notFrozen: 'This account is not frozen.',
  frozenByReview: 'A compliance review froze this account: only its decision can lift the freeze.',
  notACustomer: 'This action applies to customer accounts only.',
  accountFrozen: accountFrozenMessage,
  notRefundable: 'This transaction can no longer be refunded.',
  ownRequest: 'You cannot approve or reject your own request: another operator must.',
  requestExpired: 'This request has expired.',
  requestDecided: 'This request has already been decided.',
  alreadyRequested: 'A request for this is already waiting for approval.',
  notThisCase: 'This case is not about this transfer or its customer.',
  // An operator's cancel for the customer, and the pickup SMS sent again.
  cancelAboveFourEyes: 'Above the four-eyes threshold a second operator must approve: use the refund, which asks one.',
  pickupSmsNotAPickup: 'Only a cash pickup has an SMS to send again.',
  pickupSmsFinished: 'This cash pickup is collected, cancelled, refunded or expired: no SMS is sent.',
  pickupSmsHeld: 'This cash pickup is held: the recipient is told nothing while it is.',
  pickupSmsNoPhone: 'The recipient has no phone number on file.',
  pickupSmsLimit: 'The pickup SMS was already sent again 3 times in the last 24 hours: try again later.',
  ratesChanged: 'The rates changed since this request: ask again.',
  // The reviews queue (common/api/ops-reviews.ts).
  reviewDecided: 'This item has already been decided.',
  reviewOwnItem: 'You opened this item: another operator must decide it.',
  // Rates set from the back-office (common/api/ops-rates.ts), field by field.
  rateNotPositive: 'Enter a positive decimal number, e.g. 10.85.',
  rateTooPrecise: 'At most 4 decimals.',
  feeNotFraction: 'The card fee is a fraction below 1 (0.016 = 1.6 %).',
  feeTooPrecise: 'At most 4 decimals: customers see the fee as a percent with 2 decimals (0.0161 = 1.61 %).',
  rateAboveOfficial: 'A customer rate may not exceed the official rate.',
  subscriptionBelowFreemium: 'The subscription rate may not be below the freemium rate.',
  marginTooWide: 'A margin may not exceed 10 % of the official rate.',
  effectiveInvalid: 'Enter a valid date and time.',
  effectiveInPast: 'The effective time cannot be in the past.',
  effectiveTooFar: 'The effective time must be within the next 366 days.',
  // Identity documents: the submission was decided or withdrawn (account closed) meanwhile.
  kycNotPending: 'These documents are no longer waiting for review.',
  // The audit trail's filters.
  auditAction: 'Choose an action from the list.',
  auditTarget: 'Choose a kind of target from the list.',
  auditPerson: 'Type 2 to 100 characters of a name or an e-mail address.',
  auditPersonId: 'Choose a person from the list.',
} as const;

/** What happened to it: the product's contract shows only `validated`, the screens may use the rest. */
export const transactionStatuses = [
  'completed',
  'unclaimed',
  'claimed',
  'pending',
  'validated',
  'cancelled',
  'expired',
  // Cash pickup: waiting at the agencies, then paid out.
  'available',
  'collected',
  // Given back to the sender by an operator: a transfer, withdrawal or pickup that was still waiting.
  'refunded',
  // Held for a compliance review (a sanctions hit); the sender reads 'under review'.
  'on_hold',
  // A payout through a partner: waiting for its payment file, then sent to the bank.
  'processing',
  'submitted',
] as const;

/** What the back-office lists as a transaction. */
export const opsTransactionKinds = ['transfer', 'withdrawal', 'exchange', 'pickup', 'payout'] as const;

/** Identity documents (`POST /api/kyc/submissions/`): the field and detail messages the screens translate. */
export const kycMessages = {
  wrongType: 'Send a JPEG, PNG or PDF file.',
  tooLarge: 'This file is larger than 5 MB.',
  documentType: 'Choose national_id, passport or residence_permit.',
  once: 'Send this field once.',
  notMultipart: 'Send the documents as multipart/form-data.',
  pending: 'Your documents are already being reviewed.',
  verified: 'Your identity is already verified.',
  adult: 'You must be at least 18 years old.',
  customerOnly: 'Only customers send identity documents.',
  sameDocumentType: 'Send the same type of identity document as the one on file.',
} as const;

/** Getting back into an account (`/api/auth/recovery/`): the detail messages the screens translate. */
export const recoveryMessages = {
  started: 'If these details match an account, codes have been sent to check them.',
  notWaiting: 'This recovery is not waiting for this step.',
  notSame: 'Give the one you still have and a new one of the other kind: a phone number and an e-mail address.',
  taken: 'This phone number or e-mail address is already used by another account.',
  pending: 'A recovery of this account is being reviewed: no money can leave it until it is decided.',
  coolingOff:
    'Your sign-in changed recently: cash and bank transfers above the limit are possible again after the waiting period.',
} as const;

/** Account closure (`POST /api/users/close/`): why an account cannot be closed yet; the screens translate them. */
export const closeAccountMessages = {
  balance: 'Your balance must be zero: send or withdraw what is left first.',
  pending:
    'A transaction of yours is still waiting (a withdrawal, a pickup, a transfer not yet claimed or under review).',
  payout:
    'A bank deposit or mobile wallet payout of yours is still on its way: wait until it is credited or back on your balance.',
  subscription: 'Cancel your subscription first.',
  subscriptionEnding:
    'Your subscription is cancelled but runs until the end of the period you paid for: you can close your account after that date.',
  customersOnly: 'Only customers can close their account here.',
} as const;

/** Largest identity document file accepted, in bytes (5 MB). */
export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Rate alerts (common/api/rate-alerts.ts): active (not yet fired) alerts a customer may have at once. */
export const MAX_ACTIVE_RATE_ALERTS = 10;
/** How far above the customer's current rate a threshold may be, in percent. */
export const MAX_ABOVE_PERCENT = 50;
/** Digits after the point a threshold may carry (the rates' own precision). */
export const THRESHOLD_DECIMALS = 4;

export const rateAlertMessages = {
  threshold: 'Enter a rate in MAD per EUR, such as 11.20 (at most 4 decimals).',
  notAbove: 'The alert rate must be above your current rate.',
  tooHigh: 'The alert rate may be at most 50 % above your current rate.',
  tooMany: 'You already have 10 active rate alerts: delete one first.',
  customersOnly: 'Rate alerts are for customers.',
} as const;

/** A plain decimal with a point: 1 to 4 whole digits, at most 4 decimals ("11.2", "11.2050"). */
export const THRESHOLD_PATTERN = /^\d{1,4}(\.\d{1,4})?$/;
