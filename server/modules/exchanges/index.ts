/**
 * The exchanges module's public entry for what other modules read or change of a top-up. Its repository stays
 * private: another module imports from here (or from exchanges.service.ts), never `exchanges.repository.ts`.
 */

/** A top-up as its card payment's return page sees it: the amount credited (BillingPorts.topUpOf). */
export { findUserExchange } from './exchanges.repository.ts';
/** A confirmed card payment for a top-up, settled in billing's webhook's transaction (BillingPorts.settleTopUp). */
export { settleTopUp } from './topup-settlement.ts';
