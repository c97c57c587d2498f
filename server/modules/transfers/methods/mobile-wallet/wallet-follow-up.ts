import { sql } from 'kysely';
import { money } from '../../../../../common/money/money.ts';
import { reasonOf, type WorkerLog } from '../../../../jobs/worker-log.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { lockTransaction } from '../../transactions.repository.ts';
import { giveBackPayout } from '../payout-method.ts';
import { walletPayoutKey, walletPayoutSteps } from './mobile-wallet.ts';
import { applyWalletOutcome } from './wallet-callback.ts';
import { walletPartner } from './wallet-partner.ts';

interface LatePayout {
  id: string;
  transaction_id: string;
  accepted_at: Date;
}

/**
 * One pass over the mobile wallet payouts the operator accepted (`submitted`) whose callback is late: accepted at
 * least PAYOUT_WALLET_FOLLOW_UP_SECONDS ago and not asked since as long. Each is claimed (its `followed_up_at`
 * set, rows another process holds skipped) and the operator asked for it by our idempotency key. A final answer is
 * applied by the callback's own code path (applyWalletOutcome: under the row lock, only from a waiting status, so
 * a callback arriving meanwhile and this answer act once between them). With still no answer (the operator does
 * not know the payout, says it is processing, or cannot be asked) PAYOUT_WALLET_GIVE_UP_SECONDS after its
 * acceptance, the money goes back to the sender as `partner_unavailable` and an error is logged for the
 * operators: the payout may have to be reconciled with the operator by hand. Never throws for a payout.
 */
export async function runWalletFollowUps(
  deps: ServiceDeps,
  log?: WorkerLog,
): Promise<{ asked: number; applied: number; returned: number }> {
  const { config } = deps;
  const now = deps.clock.now();
  const askBefore = new Date(now.getTime() - config.PAYOUT_WALLET_FOLLOW_UP_SECONDS * 1000);
  const giveUpBefore = new Date(now.getTime() - config.PAYOUT_WALLET_GIVE_UP_SECONDS * 1000);
  const claimed = await sql<LatePayout>`
    UPDATE wallet_payout_dispatches d SET followed_up_at = ${now}
      FROM (SELECT d2.id FROM transactions t
              JOIN wallet_payout_dispatches d2 ON d2.transaction_id = t.id
             WHERE t.kind = 'payout' AND t.status = 'submitted'
               AND d2.done_at IS NOT NULL AND d2.done_at <= ${askBefore}
               AND (d2.followed_up_at IS NULL OR d2.followed_up_at <= ${askBefore})
             ORDER BY d2.done_at
             LIMIT ${config.CHAIN_WORKER_BATCH}
               FOR UPDATE OF d2 SKIP LOCKED) due
     WHERE d.id = due.id
    RETURNING d.id::text AS id, d.transaction_id::text AS transaction_id, d.done_at AS accepted_at`.execute(deps.db);
  const result = { asked: 0, applied: 0, returned: 0 };
  for (const late of claimed.rows) {
    result.asked++;
    let answered = false;
    try {
      const answer = await walletPartner(deps).payoutStatus(walletPayoutKey(late.transaction_id));
      if (answer !== null) {
        const outcome = await applyWalletOutcome(deps, answer);
        answered = true;
        if (outcome === 'completed' || outcome === 'returned') result.applied++;
      }
    } catch (error) {
      log?.warn(
        { transactionId: late.transaction_id, error: reasonOf(error) },
        'mobile wallet payout: the operator could not be asked for its status',
      );
    }
    if (answered || new Date(late.accepted_at) > giveUpBefore) continue;
    if (await giveUp(deps, late.transaction_id)) {
      result.returned++;
      log?.error(
        { transactionId: late.transaction_id, acceptedAt: late.accepted_at },
        'mobile wallet payout: no answer from the operator after PAYOUT_WALLET_GIVE_UP_SECONDS: returned to the sender, to reconcile with the operator',
      );
    }
  }
  return result;
}

/** The money back to the sender as `partner_unavailable`, if the payout still waits (a late answer may have won). */
async function giveUp(deps: ServiceDeps, transactionId: string): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const row = await lockTransaction(tx, transactionId);
    if (row?.status !== 'submitted' || row.sender_user_id === null) return false;
    const payout = { id: row.id, senderUserId: row.sender_user_id, amount: money('MAD', BigInt(row.amount)) };
    await giveBackPayout(tx, walletPayoutSteps, payout, 'partner_unavailable');
    return true;
  });
}
