/**
 * The exchanges module's public entry for what other modules read or change of a top-up. Its repository stays
 * private: another module imports from here (or from exchanges.service.ts), never `exchanges.repository.ts`.
 */

/**
 * A top-up as its card payment sees it: the payment's return page reads the amount credited, and the payment's
 * settlement locks the exchange, marks it paid and frees its locked rate in the webhook's transaction.
 */
export { findExchangeForUpdate, findUserExchange, markPaid, unlockRate } from './exchanges.repository.ts';
