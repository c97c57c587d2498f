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

/**
 * A top-up's settlement (exchanges, answering BillingPorts.settleTopUp in the webhook's transaction): the session
 * it finishes and the refund it queues when crediting would be wrong.
 */
export { finishSession, type PaymentSessionRow } from './payment-sessions.repository.ts';
export { enqueuePaymentAction } from './payment-actions.repository.ts';
