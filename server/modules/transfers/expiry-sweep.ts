import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { lockNextExpired } from './transactions.repository.ts';
import { returnToSender } from './waiting.service.ts';

/**
 * The lifecycle's expiry: waiting money past its time goes back to its sender. Each row is its own unit: one that
 * fails is logged, counted and left for the next pass while the others go on; a pass loops until nothing is left;
 * several processes share the rows (SKIP LOCKED) instead of queueing on them. The periodic pass that runs it with
 * the other modules' housekeeping is server/housekeeping-sweep.ts.
 */

export interface ExpiryOutcome {
  expired: number;
  /** Cash pickups among them: their senders are told. */
  expiredPickups: string[];
  /** Transactions that could not be expired in this pass (each logged with its error). */
  failed: string[];
}

export interface SweepHooks {
  onRowFailure?: (transactionId: string, error: unknown) => void;
  /** Checked between rows: shutdown ends the pass early, after the row in hand. */
  shouldStop?: () => boolean;
}

export async function expireWaiting(db: Kysely<Database>, now: Date, hooks: SweepHooks = {}): Promise<ExpiryOutcome> {
  const outcome: ExpiryOutcome = { expired: 0, expiredPickups: [], failed: [] };
  while (!hooks.shouldStop?.()) {
    let current: string | undefined;
    try {
      const done = await withTransaction(db, async (tx) => {
        const row = await lockNextExpired(tx, now, outcome.failed);
        current = row?.id;
        if (!row) return false;
        await returnToSender(tx, row, 'expired');
        return row;
      });
      if (!done) break;
      outcome.expired += 1;
      if (done.kind === 'pickup') outcome.expiredPickups.push(done.id);
    } catch (error) {
      // No row in hand: the database itself failed (down, timeout). End the pass; the next one starts over.
      if (current === undefined) throw error;
      outcome.failed.push(current);
      hooks.onRowFailure?.(current, error);
    }
  }
  return outcome;
}
