import { describe, expect, it } from 'vitest';
import {
  accountFrozenMessage,
  authMessages,
  beingPaidOutMessage,
  closeAccountMessages,
  contactMessages,
  counterMessages,
  genericMessages,
  kycMessages,
  loginCodeMessage,
  profileMessages,
  securityCodeErrors,
  securityCodeMessage,
  guessableSecurityCodeMessage,
  statementMessages,
  transactionMessages,
  withdrawalMessages,
  recoveryMessages,
} from '../../common/api/messages';
import { pickupBeingPaidOutMessage, pickupMessages } from '../../common/api/pickups';
import { LANGUAGES } from '../../common/i18n/languages';
import { phoneMessages } from '../../common/identity/phone';
import { ribMessages } from '../../common/banking/rib';
import { payoutMessages } from '../../common/api/payouts';
import { scheduleMessages } from '../../common/api/schedules';
import { scheduleMessageText } from '../features/schedules/schedule-errors';
import { caseMessages } from '../../common/api/cases';
import { contactMessageText } from '../features/contacts/contact-errors';
import { kycMessageText } from '../features/kyc/kyc-errors';
import { applyLanguage, i18n, type TranslationKey } from './i18n';
import { keys } from './catalogue-lint';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';

/**
 * Every message the server sends to the customer's and the teller's screens has a translation key. A
 * message is either worded through the screens' tables (translateServerMessage, the contacts' and the identity
 * documents' own), or listed below with the key the screen shows for that case instead, or as one no screen ever
 * shows (with why). A new server message fails here until it is one of the three.
 */
const serverMessages: Record<string, string> = Object.fromEntries(
  Object.entries({
    authMessages,
    genericMessages,
    profileMessages,
    securityCodeErrors,
    withdrawalMessages,
    counterMessages,
    contactMessages,
    kycMessages,
    pickupMessages,
    phoneMessages,
    ribMessages,
    payoutMessages,
    statementMessages,
    closeAccountMessages,
    recoveryMessages,
    scheduleMessages,
    caseMessages,
  }).flatMap(([group, messages]) => Object.entries(messages).map(([name, text]) => [`${group}.${name}`, text])),
);
Object.assign(serverMessages, {
  loginCodeMessage,
  securityCodeMessage,
  guessableSecurityCodeMessage,
  beingPaidOutMessage,
  accountFrozenMessage,
  pickupBeingPaidOutMessage,
  ...Object.fromEntries(
    Object.entries(transactionMessages).map(([name, text]) => [
      `transactionMessages.${name}`,
      typeof text === 'function' ? text('10.00') : text,
    ]),
  ),
});

/** Messages a screen words by the case rather than by the text: the key it shows. */
const wordedByCase: Record<string, TranslationKey> = {
  'authMessages.codeSent': 'auth.codeSentTo',
  'recoveryMessages.started': 'recovery.codesIntro',
  'authMessages.emailConfirmed': 'confirmEmail.success',
  'authMessages.badConfirmation': 'confirmEmail.failed',
  'genericMessages.unauthenticated': 'session.ended',
  'genericMessages.tooManyRequests': 'errors.tooManyAttemptsLater',
  'genericMessages.unavailable': 'errors.timeout',
  'genericMessages.internal': 'errors.unknown',
  'genericMessages.notFound': 'contacts.detail.notFound',
  'securityCodeErrors.locked': 'errors.securityCodeLockedUntil',
  'withdrawalMessages.otherAgency': 'withdraw.otherAgency',
  'withdrawalMessages.idMismatch': 'withdraw.notFound',
  'transactionMessages.contactNotFound': 'transactions.create.unknownRecipient',
  'transactionMessages.yourself': 'transactions.create.invalidRecipient',
  'transactionMessages.notEnoughFunds': 'transactions.create.insufficient',
  'transactionMessages.belowMinimum': 'transactions.create.minimum',
  'transactionMessages.aboveMaximum': 'transactions.create.aboveLimit',
  'transactionMessages.notCancellable': 'selfService.cancelFailed',
  'contactMessages.tooManyAdded': 'contacts.form.tooMany',
  'statementMessages.periodTooLong': 'statement.periodTooLong',
  'statementMessages.endBeforeStart': 'statement.endBeforeStart',
  'statementMessages.tooManyRows': 'statement.tooManyRows',
  'closeAccountMessages.balance': 'dataRights.errors.balance',
  'closeAccountMessages.pending': 'dataRights.errors.pending',
  'closeAccountMessages.payout': 'dataRights.errors.payout',
  'closeAccountMessages.subscription': 'dataRights.errors.subscription',
  'closeAccountMessages.subscriptionEnding': 'dataRights.errors.subscriptionEnding',
};

/** Messages no screen shows: the app never sends what they refuse. */
const neverOnScreen: Record<string, string> = {
  'genericMessages.forbidden': 'each screen is reached only by the role allowed on it',
  'genericMessages.malformedJson': 'the app sends JSON it built',
  'genericMessages.unsupportedMediaType': 'the app sends application/json',
  'genericMessages.bodyTooLarge': 'the app bounds every field it sends',
  'genericMessages.idempotencyConflict': 'one key per screen and request',
  'transactionMessages.invalidDate': 'the filters send dates from a date input',
  'transactionMessages.invalidTimeZone': 'the browser’s own time zone',
  'transactionMessages.invalidCategory': 'the filters send one of the four categories',
  'transactionMessages.bankerOnly': 'only a teller’s home shows the teller’s actions',
  'transactionMessages.customersOnly': 'a teller’s home has no send button',
  'contactMessages.latitude': 'agencies are created from the back-office (its own catalogues)',
  'contactMessages.longitude': 'agencies are created from the back-office (its own catalogues)',
  'contactMessages.bothCoordinates': 'agencies are created from the back-office (its own catalogues)',
  'contactMessages.booleanFlag': 'the form sends no flag',
  'contactMessages.agencyReadOnly': 'agencies have no edit on the customer’s screens',
  'contactMessages.customersOnly': 'a teller has no recipients screen',
  'kycMessages.once': 'the form sends each field once',
  'kycMessages.notMultipart': 'the form sends multipart/form-data',
  'kycMessages.customerOnly': 'a teller has no identity screen',
  'statementMessages.format': 'the statement button asks for csv',
  'closeAccountMessages.customersOnly': 'the profile shows the close button to customers only',
  'scheduleMessages.nothingToChange': 'each button of a schedule sends the one change it names',
  'scheduleMessages.customersOnly': 'a teller has no scheduled transfers screen',
  'caseMessages.reason': 'a reason is asked of operators only (the back-office’s catalogues)',
  'caseMessages.state': 'states are changed by operators only (the back-office’s catalogues)',
  'caseMessages.sameState': 'states are changed by operators only (the back-office’s catalogues)',
  'caseMessages.customersOnly': 'the help screens are linked for customers only',
};

const catalogues = { fr, en, ar, es, it: it_, nl, de };

describe('every server message shown on screen has a translation key', () => {
  it('words each message by its table, by its case or never shows it', async () => {
    const unknown = i18n.getFixedT('fr')('errors.unknown');
    const t = i18n.getFixedT('fr');
    const untranslated = Object.entries(serverMessages).filter(([name, text]) => {
      if (name in wordedByCase || name in neverOnScreen) return false;
      return (
        contactMessageText(text, t) === unknown &&
        kycMessageText(text, t) === unknown &&
        scheduleMessageText(text, t, 'fr') === unknown
      );
    });
    expect(untranslated.map(([name]) => name)).toEqual([]);
    // The lists name real messages only.
    for (const name of [...Object.keys(wordedByCase), ...Object.keys(neverOnScreen)])
      expect(serverMessages).toHaveProperty([name]);
    await applyLanguage('fr');
  });

  it.each(LANGUAGES)('%s has each key the screens word a server message with', async (language) => {
    await applyLanguage(language);
    const present = keys(catalogues[language]);
    for (const key of Object.values(wordedByCase)) expect(present, key).toContain(key);
    // The tables' own keys, through the real lookup: a key missing from this catalogue would come back as itself.
    const t = i18n.getFixedT(language);
    for (const text of Object.values(serverMessages)) {
      const worded = contactMessageText(text, t);
      expect(worded, text).not.toMatch(/^[a-z]+(\.[A-Za-z_]+)+$/);
    }
    await applyLanguage('fr');
  });
});
