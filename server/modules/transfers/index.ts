/**
 * The transfers module's public entry for what other modules read or record in its tables. Its repositories stay
 * private: another module imports from here (or from a service of this module), never a `*.repository.ts`.
 */

/** A paid top-up shown in its owner's history, recorded by the top-up's settlement in the same transaction. */
export { recordExchangeTransaction } from './transactions.repository.ts';

/** The back-office's reads of every transaction: the filtered list, one transaction, and its ledger postings. */
export {
  findAdminTransaction,
  listAdminTransactions,
  transactionPostings,
  type AdminTransactionRow,
} from './transactions-admin.repository.ts';

/** A standing order's send (the schedules module): each way's hand-made money path, minus the order's own steps. */
export {
  partnerCheck,
  receiveRefusal,
  sendOnSchedule,
  StalePartnerCheck,
  type PartnerCheck,
  type ScheduledDelivery,
} from './scheduled-send.ts';
