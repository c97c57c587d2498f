import type { AccountKind } from '../../ledger/accounts.repository.ts';

/**
 * What each ledger account kind is to a proof of liabilities (ADR 012): money owed to customers, attributed to a
 * customer's leaf as the named part of its balance, or the platform's own (null). A Record of every kind, so a new
 * kind (pickups pending, compliance hold) does not compile until it is classified here and attributed in
 * snapshot-builder.ts.
 */
export type LiabilityPart = 'wallet' | 'withdrawals_pending' | 'unclaimed_transfers';

export const liabilityPartOf = {
  customer_wallet: 'wallet',
  withdrawals_pending: 'withdrawals_pending',
  unclaimed_transfers: 'unclaimed_transfers',
  // A cash pickup not yet collected is, like an unclaimed transfer, money its sender gets back on cancel or
  // expiry: the same part of the sender's leaf (unclaimed-by-sender.ts sums both).
  pickups_pending: 'unclaimed_transfers',
  // Money held for a sanctions review is still the sender's until an operator releases it.
  compliance_hold: 'unclaimed_transfers',
  // A bank deposit not yet settled by the bank comes back to its sender on a rejection: still theirs.
  bank_payouts_pending: 'unclaimed_transfers',
  // A mobile wallet payout the operator has not confirmed comes back to its sender on a failure: still theirs.
  mobile_payouts_pending: 'unclaimed_transfers',
  // What the partner paid out for us: owed to the partner, not to a customer.
  payout_settlement: null,
  card_clearing: null,
  fx: null,
  fees: null,
  subscription_revenue: null,
  agency_cash: null,
} as const satisfies Record<AccountKind, LiabilityPart | null>;

export const liabilityKinds = (Object.keys(liabilityPartOf) as AccountKind[]).filter(
  (k) => liabilityPartOf[k] !== null,
);
