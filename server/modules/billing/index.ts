/**
 * The billing module's public entry for what other modules read or record of a card payment. Its repositories stay
 * private: another module imports from here (or from a service of this module), never a `*.repository.ts`.
 */

/** A top-up's checkout session: opened (superseding the user's open ones), found again, or reused while it lives. */
export {
  findLiveExchangeSession,
  findSession,
  insertSession,
  supersedeOpenSessions,
} from './payment-sessions.repository.ts';
