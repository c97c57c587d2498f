import { sql } from 'kysely';
import { money } from '../../../../../common/money/money.ts';
import { leaseDue, markFailed } from '../../../../jobs/outbox-queue.ts';
import { outageTracker, reasonOf, type WorkerLog } from '../../../../jobs/worker-log.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import { retryDelayMs } from '../../../anchoring/anchor-worker.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { lockTransaction } from '../../transactions.repository.ts';
import { giveBackPayout, type PayoutMethod } from '../payout-method.ts';
import { walletPayoutKey, walletPayoutSteps, type WalletFacts } from './mobile-wallet.ts';
import { handleWalletCallback } from './wallet-callback.ts';
import { runWalletFollowUps } from './wallet-follow-up.ts';
import { onSandboxCallback, walletPartner } from './wallet-partner.ts';

// The sandbox answers through the callback route's own handling (signature included), in whichever process sent
// the request (the API's hand-over or `npm run worker`): registered where the requests are made.
onSandboxCallback(handleWalletCallback);

interface Dispatch {
  id: string;
  transaction_id: string;
  attempts: number;
  status: string;
  amount: string;
  wallet_phone: string | null;
  holder_name: string;
}

/**
 * One pass over the due requests to the wallet operator (or only the one of `transactionId`: the send hands its
 * payout over right after its commit), with the other outboxes' lease (SKIP LOCKED) and backoff. The request
 * carries the transfer's idempotency key, so a request repeated after a crash (the operator accepted it, the row
 * was not marked yet) is the same payout at the operator, never a second one. A payout no longer `processing`
 * (already sent, or finished by a callback) needs nothing. After PAYOUT_WALLET_MAX_ATTEMPTS failed attempts the
 * payout is given up as `partner_unavailable`: its money goes back to the sender, in the transaction that closes
 * the request. Never throws for a payout.
 */
export async function runWalletDispatches(
  deps: ServiceDeps,
  options: { transactionId?: string } = {},
  log?: WorkerLog,
): Promise<{ sent: number; failed: number; returned: number }> {
  const { config } = deps;
  const ids = await leaseDue(deps.db, 'wallet_payout_dispatches', {
    limit: config.CHAIN_WORKER_BATCH,
    leaseSeconds: config.CHAIN_LEASE_SECONDS,
    ...(options.transactionId !== undefined && { where: sql<boolean>`transaction_id = ${options.transactionId}` }),
  });
  const result = { sent: 0, failed: 0, returned: 0 };
  if (ids.length === 0) return result;
  const dispatches: Dispatch[] = await deps.db
    .selectFrom('wallet_payout_dispatches as d')
    .innerJoin('transactions as t', 't.id', 'd.transaction_id')
    .innerJoin('payouts as p', 'p.transaction_id', 'd.transaction_id')
    .select(['d.id', 'd.transaction_id', 'd.attempts', 't.status', 't.amount', 'p.wallet_phone', 'p.holder_name'])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
  for (const d of dispatches) {
    if (d.status !== 'processing' || d.wallet_phone === null) {
      await markDone(deps, d.id);
      continue;
    }
    try {
      const { partnerReference } = await walletPartner(deps).requestPayout({
        idempotencyKey: walletPayoutKey(d.transaction_id),
        phone: d.wallet_phone,
        amount: money('MAD', BigInt(d.amount)),
        recipientName: d.holder_name,
      });
      await withTransaction(deps.db, async (tx) => {
        const row = await lockTransaction(tx, d.transaction_id);
        await tx
          .updateTable('payouts')
          .set({ partner_reference: partnerReference })
          .where('transaction_id', '=', d.transaction_id)
          .where('partner_reference', 'is', null)
          .execute();
        // 'Sent to the wallet': unless the operator's callback was quicker and finished it already.
        if (row?.status === 'processing')
          await tx
            .updateTable('transactions')
            .set({ status: 'submitted' })
            .where('id', '=', d.transaction_id)
            .execute();
        await tx
          .updateTable('wallet_payout_dispatches')
          .set({ done_at: sql<Date>`now()`, last_error: null })
          .where('id', '=', d.id)
          .execute();
      });
      result.sent++;
    } catch (error) {
      result.failed++;
      const reason = reasonOf(error);
      const delay = retryDelayMs(d.attempts, config.PAYOUT_WALLET_RETRY_BASE_MS, config.PAYOUT_WALLET_RETRY_MAX_MS);
      const dead = await markFailed(
        deps.db,
        'wallet_payout_dispatches',
        d.id,
        delay,
        reason,
        config.PAYOUT_WALLET_MAX_ATTEMPTS,
      );
      if (dead) {
        await giveUp(deps, d);
        result.returned++;
        log?.error(
          { transactionId: d.transaction_id, attempts: d.attempts, lastError: reason },
          'mobile wallet payout: the operator could not be reached after PAYOUT_WALLET_MAX_ATTEMPTS: returned to the sender',
        );
      }
    }
  }
  return result;
}

async function markDone(deps: ServiceDeps, id: string): Promise<void> {
  await deps.db
    .updateTable('wallet_payout_dispatches')
    .set({ done_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The operator could not be reached: the money goes back (if still waiting) and the request is closed with it. */
async function giveUp(deps: ServiceDeps, d: Dispatch): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const row = await lockTransaction(tx, d.transaction_id);
    if (row?.status === 'processing' && row.sender_user_id !== null) {
      const payout = { id: row.id, senderUserId: row.sender_user_id, amount: money('MAD', BigInt(row.amount)) };
      await giveBackPayout(tx, walletPayoutSteps, payout, 'partner_unavailable');
    }
    await tx
      .updateTable('wallet_payout_dispatches')
      .set({ done_at: sql<Date>`now()` })
      .where('id', '=', d.id)
      .execute();
  });
}

/** The mobile wallet payout method, with its request to the operator handed over right after the send commits. */
export const mobileWallet: PayoutMethod<WalletFacts> = {
  ...walletPayoutSteps,
  dispatch(deps, transactionId) {
    void runWalletDispatches(deps, { transactionId }).catch(() => undefined);
  },
};

/**
 * Every CHAIN_WORKER_INTERVAL_MS, beside the other outboxes' workers: the requests the send's own hand-over could
 * not make (operator down, process stopped after the commit), then the follow-up of accepted payouts whose callback
 * is late (wallet-follow-up.ts). stop() waits for the pass in progress.
 */
export function startWalletDispatchWorker(deps: ServiceDeps, log: WorkerLog): () => Promise<void> {
  const database = outageTracker(log, 'mobile wallet payouts: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runWalletDispatches(deps, {}, log)
      .then(() => runWalletFollowUps(deps, log))
      .then(() => database.up())
      .catch((error: unknown) => database.down(error))
      .then(() => {
        if (!stopped) timer = setTimeout(tick, deps.config.CHAIN_WORKER_INTERVAL_MS);
      });
  };
  timer = setTimeout(tick, deps.config.CHAIN_WORKER_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
