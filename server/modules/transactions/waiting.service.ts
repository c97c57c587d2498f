import type { Kysely, Transaction } from 'kysely';
import { formatAmount, money, negate } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { releaseHold } from '../../ledger/holds.ts';
import { post } from '../../ledger/journal.ts';
import { purgeIdempotencyKeys } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { walletOf } from './send.service.ts';
import { notifyUser } from './transfer-notifications.ts';
import {
  findClaimedBy,
  findExpiredIds,
  findUnclaimedFor,
  finishTransaction,
  lockTransaction,
  type WaitingTransaction,
} from './transactions.repository.ts';

/**
 * Money that waits for someone: a pending withdrawal (a hold) or an unclaimed transfer (in the unclaimed-transfers
 * account). Every way out (cancel, expiry, claim, payout) locks the transaction row first and re-reads its
 * status, so two of them on one row queue and exactly one moves the money; the others see it finished.
 */

/** Sends the waiting money back to the sender: releases the hold, or refunds the unclaimed transfer. */
export async function returnToSender(
  tx: Transaction<Database>,
  row: WaitingTransaction,
  status: 'cancelled' | 'expired',
): Promise<void> {
  if (row.sender_user_id === null) throw new Error(`transaction ${row.id} has no sender`);
  let entryId: string;
  if (row.kind === 'withdrawal' && row.hold_id !== null) {
    const hold = await releaseHold(tx, row.hold_id, { metadata: { reason: status } });
    if (hold.finalEntryId === null) throw new Error('released hold without entry');
    entryId = hold.finalEntryId;
  } else {
    const amount = money('MAD', BigInt(row.amount));
    const unclaimed = await platformAccount(tx, 'unclaimed_transfers', 'MAD');
    const entry = await post(tx, {
      kind: 'transfer',
      reference: { type: 'transaction', id: row.id },
      metadata: { reason: status },
      postings: [
        { accountId: unclaimed.id, amount: negate(amount) },
        { accountId: await walletOf(tx, row.sender_user_id), amount },
      ],
    });
    entryId = entry.id;
  }
  await finishTransaction(tx, row.id, { status, finalEntryId: entryId });
}

const isWaiting = (row: WaitingTransaction) => row.status === 'pending' || row.status === 'unclaimed';

/**
 * Expires what is past its time: releases withdrawal holds and refunds unclaimed transfers. Safe to run from
 * several processes at once (each row is locked and re-checked); returns how many it expired.
 */
export async function expireWaiting(db: Kysely<Database>, now: Date, batch = 100): Promise<number> {
  let expired = 0;
  for (const id of await findExpiredIds(db, now, batch)) {
    const done = await withTransaction(db, async (tx) => {
      const row = await lockTransaction(tx, id);
      if (!row || !isWaiting(row) || row.expires_at === null || row.expires_at > now || row.reserved) return false;
      await returnToSender(tx, row, 'expired');
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * One pass of the housekeeping every server runs: expire what is past its time, then drop idempotency keys past
 * their retention (IDEMPOTENCY_RETENTION_HOURS, at least 24; one indexed DELETE). Safe from several processes.
 */
export async function sweepOnce(
  deps: Pick<ServiceDeps, 'db' | 'clock'> & { config: Pick<ServiceDeps['config'], 'IDEMPOTENCY_RETENTION_HOURS'> },
): Promise<{ expired: number; keysPurged: number }> {
  const expired = await expireWaiting(deps.db, deps.clock.now());
  const keysPurged = await purgeIdempotencyKeys(deps.db, deps.config.IDEMPOTENCY_RETENTION_HOURS);
  return { expired, keysPurged };
}

/** Runs sweepOnce every EXPIRY_SWEEP_INTERVAL_SECONDS; returns the function that stops it (app close). */
export function startExpirySweep(deps: ServiceDeps, log: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOnce(deps)
      .catch(log)
      .finally(() => {
        running = false;
      });
  }, deps.config.EXPIRY_SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Called by the users module in the transaction that creates a user (after the wallet exists), holding the
 * identifier's lock: transfers sent to this phone or e-mail before they registered are credited now. Only
 * identifiers the person proved count, as for contact links. Notification: notifyClaimedTransfers after commit.
 */
export async function claimTransfersForNewUser(
  tx: Transaction<Database>,
  user: {
    id: string;
    phone_number: string | null;
    phone_auth: boolean;
    email: string | null;
    email_verified_at: Date | null;
  },
): Promise<void> {
  const ids = await findUnclaimedFor(tx, {
    phone: user.phone_auth ? user.phone_number : null,
    email: user.email_verified_at === null ? null : user.email,
  });
  for (const id of ids) {
    const row = await lockTransaction(tx, id);
    if (!row || row.status !== 'unclaimed' || row.sender_user_id === user.id) continue;
    const amount = money('MAD', BigInt(row.amount));
    const unclaimed = await platformAccount(tx, 'unclaimed_transfers', 'MAD');
    const entry = await post(tx, {
      kind: 'transfer',
      reference: { type: 'transaction', id },
      metadata: { reason: 'claimed' },
      postings: [
        { accountId: unclaimed.id, amount: negate(amount) },
        { accountId: await walletOf(tx, user.id), amount },
      ],
    });
    await finishTransaction(tx, id, { status: 'claimed', finalEntryId: entry.id, recipientUserId: user.id });
    await enqueueAnchor(tx, { transactionId: id });
  }
}

/** After a new user's transaction committed: one notification per transfer that was waiting for them. */
export async function notifyClaimedTransfers(deps: ServiceDeps, userId: string): Promise<void> {
  for (const row of await findClaimedBy(deps.db, userId)) {
    await notifyUser(deps, userId, {
      kind: 'received',
      amount: formatAmount(money('MAD', BigInt(row.amount))),
      from: `${row.first_name} ${row.last_name}`.trim(),
    });
  }
}
