import type { ReactNode } from 'react';
import type { OpsKey, OpsT } from './ops-i18n';

/** The ledger's account kinds (server/ledger/accounts.repository.ts accountKinds), named in the ops catalogues. */
export const accountKinds: readonly string[] = [
  'customer_wallet',
  'card_clearing',
  'fx',
  'fees',
  'subscription_revenue',
  'withdrawals_pending',
  'agency_cash',
  'unclaimed_transfers',
  'pickups_pending',
  'compliance_hold',
];

/** The ledger's entry kinds (server/ledger/journal.ts EntryKind), named in the ops catalogues. */
export const entryKinds: readonly string[] = [
  'deposit',
  'transfer',
  'exchange',
  'fee',
  'subscription',
  'payout',
  'withdrawal_reserve',
  'withdrawal_settle',
  'withdrawal_release',
  'pickup_send',
  'pickup_payout',
  'pickup_return',
  'sanctions_hold',
  'sanctions_release',
  'monitoring_hold',
  'monitoring_release',
  'monitoring_refund',
  'adjustment',
];

/** A kind the catalogue does not know yet shows as the ledger stores it, rather than as nothing. */
const named = (known: readonly string[], group: string, kind: string, ot: OpsT): ReactNode =>
  known.includes(kind) ? ot(`${group}.${kind}` as OpsKey) : <code dir="ltr">{kind}</code>;

/** An account's kind in the operator's language (dashboard balances, a transaction's postings). */
export const accountKindLabel = (kind: string, ot: OpsT): ReactNode => named(accountKinds, 'accountKinds', kind, ot);

/** A ledger entry's kind in the operator's language (a transaction's ledger entries). */
export const entryKindLabel = (kind: string, ot: OpsT): ReactNode => named(entryKinds, 'entryKinds', kind, ot);
