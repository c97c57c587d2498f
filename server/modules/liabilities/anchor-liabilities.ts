import { anchoredAmount, recordIdOf } from '../../../common/liabilities/anchored-record.ts';
import type { AnchorPayload } from '../../adapters/chain/chain-adapter.ts';
import { retryDelayMs, type AnchorDeps } from '../anchoring/anchor-worker.ts';
import {
  leaseUnanchoredTrees,
  markTreeAnchored,
  markTreeFailed,
  type AnchorableTree,
} from './liabilities.repository.ts';

/**
 * The public record of one tree (ADR 012): the root as the record id, the leaf count in the kind, the total as the
 * amount, the snapshot time. The same fields as a transaction's record, so both chain adapters take it as is.
 */
export function liabilitiesPayload(tree: AnchorableTree): AnchorPayload {
  return {
    v: '1',
    reference_hash: recordIdOf(tree.root),
    kind: `liabilities:${tree.leaf_count}`,
    from: null,
    to: null,
    amount: anchoredAmount(tree.currency, BigInt(tree.total)),
    currency: tree.currency,
    time: tree.taken_at.toISOString(),
  };
}

/**
 * Publishes the trees not yet on the chain, one record each; a failure is retried later with the anchoring
 * worker's backoff. The record id is the root: publishing again after a crash returns the first record.
 */
export async function anchorPendingTrees(
  deps: AnchorDeps,
  options: { treeIds?: string[] } = {},
): Promise<{ published: number; failed: number }> {
  const trees = await leaseUnanchoredTrees(deps.db, {
    limit: 10,
    leaseSeconds: deps.config.CHAIN_LEASE_SECONDS,
    treeIds: options.treeIds,
  });
  let published = 0;
  let failed = 0;
  for (const tree of trees) {
    let error: unknown;
    try {
      const [outcome] = await deps.chain.record([liabilitiesPayload(tree)]);
      if (outcome?.ok) {
        await markTreeAnchored(deps.db, tree.id, outcome.txId);
        published++;
        continue;
      }
      error = outcome?.error ?? new Error('no outcome');
    } catch (thrown) {
      error = thrown;
    }
    failed++;
    const delay = retryDelayMs(tree.anchor_attempts, deps.config.CHAIN_RETRY_BASE_MS, deps.config.CHAIN_RETRY_MAX_MS);
    await markTreeFailed(deps.db, tree.id, delay, error instanceof Error ? error.message : String(error));
  }
  return { published, failed };
}
