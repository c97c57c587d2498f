import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * The ledger kind of money leaving compliance-hold, per review: an approval's release (a sanctions hit's or a
 * blocking monitoring rule's), or a monitoring rejection's refund to the sender.
 */
export type ReleaseKind = 'sanctions_release' | 'monitoring_release' | 'monitoring_refund' | 'cooling_off_release';

/**
 * A held send (to a wallet, or a payout through a partner) or cash pickup, locked by HeldMoney.lock for the rest
 * of the decision's transaction.
 */
export interface HeldTransaction {
  id: string;
  kind: 'transfer' | 'pickup' | 'payout';
  /** Minor units of MAD. */
  amount: string;
  sender_user_id: string | null;
}

/**
 * What becomes of money held for a review once an operator decides. The transfer lifecycle owns that money (its
 * transactions, compliance-hold, a pickup's reference) and answers these questions; the policies that hold money
 * for a review (a sanctions hit, a blocking monitoring rule) only ask them, in the decision's transaction, so no
 * policy imports the lifecycle. Every call runs under the lock `lock` took.
 */
export interface HeldMoney {
  /** Locks the transaction; null when it is no longer on hold (another decision, or never held). */
  lock(tx: Transaction<Database>, id: string): Promise<HeldTransaction | null>;
  /**
   * The hold was a false positive or is let go: the send completes as it would have (or waits for its recipient),
   * the pickup is available again (its recipient's SMS once committed), the payout goes on by its method
   * (`processing`: in the next payment file, or asked of the wallet operator once committed). Refused while the
   * sender is frozen.
   */
  release(
    tx: Transaction<Database>,
    deps: ServiceDeps,
    held: HeldTransaction & { contactId: string | null },
    releaseKind: ReleaseKind,
    afterCommit: (task: () => Promise<void>) => void,
  ): Promise<'completed' | 'unclaimed' | 'available' | 'processing'>;
  /** A suspicion is no ground to keep a customer's money: back to the sender, a pickup's reference dies. */
  refund(tx: Transaction<Database>, held: HeldTransaction, refundKind: ReleaseKind): Promise<void>;
  /** A confirmed hit: the money stays in compliance-hold, a pickup's reference dies. */
  keep(tx: Transaction<Database>, held: HeldTransaction): Promise<void>;
}

let answer: HeldMoney | null = null;

/** Called once by the transfer lifecycle when it loads (server/modules/transfers/held-money.ts). */
export function answerHeldMoney(heldMoney: HeldMoney): void {
  answer = heldMoney;
}

/** The lifecycle's answers; a decision on held money without the lifecycle loaded is a wiring fault. */
export function heldMoney(): HeldMoney {
  if (answer === null) throw new Error('the transfer lifecycle is not loaded: no one answers for held money');
  return answer;
}
