import type { LiabilityProof, LiabilityProofResponse } from '../../../common/api/liabilities.ts';
import { treeDepth } from '../../../common/liabilities/merkle-sum-tree.ts';
import type { ChainAdapter } from '../../adapters/chain/chain-adapter.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findLeaves, findSiblings, findTree, latestSnapshotId, type TreeRow } from './liabilities.repository.ts';
import { unpackNode } from './snapshot-builder.ts';

export const liabilityMessages = {
  noProof: 'No proof of liabilities for this account yet.',
  customersOnly: 'Only customers have a proof of liabilities.',
} as const;

export function anchorView(
  chain: Pick<ChainAdapter, 'explorer'>,
  tree: Pick<TreeRow, 'anchor_tx_id'>,
): LiabilityProof['anchor'] {
  const txId = tree.anchor_tx_id;
  return {
    status: txId === null ? 'pending' : 'published',
    tx_id: txId,
    url: txId === null ? null : chain.explorer.tx.replace('{id}', encodeURIComponent(txId)),
  };
}

/**
 * The caller's own proofs in a snapshot (the latest by default), one per currency. Keyed by the caller, so there
 * is no way to name another customer's leaf: a snapshot without the caller (or that does not exist) is a 404.
 * Tellers are staff, not customers owed money through the app: 403 (route matrix).
 */
export async function proofsFor(
  deps: Pick<ServiceDeps, 'db' | 'chain'>,
  user: AuthUser,
  snapshot: string | undefined,
): Promise<LiabilityProofResponse> {
  if (user.role !== 'customer') throw forbidden(liabilityMessages.customersOnly);
  const snapshotId = snapshot ?? (await latestSnapshotId(deps.db));
  if (snapshotId === undefined) throw notFound(liabilityMessages.noProof);
  const leaves = await findLeaves(deps.db, snapshotId, user.id);
  if (leaves.length === 0) throw notFound(liabilityMessages.noProof);
  const proofs: LiabilityProof[] = [];
  for (const leaf of leaves) {
    // A version 1 tree (taken before leaves were split and tied to the wallet address) has no parts: its proof
    // is no longer served, the next snapshot's is.
    if (!leaf.part_positions || !leaf.part_amounts || !leaf.address) continue;
    const tree = await findTree(deps.db, snapshotId, leaf.currency);
    if (!tree) throw notFound(liabilityMessages.noProof);
    const amounts = leaf.part_amounts;
    const paths = await findSiblings(deps.db, leaf.tree_id, leaf.part_positions, treeDepth(tree.leaf_count));
    proofs.push({
      version: 2,
      snapshot_id: tree.snapshot_id,
      taken_at: tree.taken_at.toISOString(),
      currency: tree.currency,
      root: tree.root,
      total: tree.total,
      leaf_count: tree.leaf_count,
      owner: { address: leaf.address, secret: leaf.nonce.toString('hex') },
      balance: leaf.balance,
      leaves: leaf.part_positions.map((index, part) => ({
        index,
        part,
        amount: amounts[part] ?? '0',
        path: (paths[part] ?? []).map((bytes) => {
          const node = unpackNode(bytes);
          return { hash: Buffer.from(node.hash).toString('hex'), sum: String(node.sum) };
        }),
      })),
      breakdown: {
        wallet: leaf.wallet,
        withdrawals_pending: leaf.withdrawals_pending,
        unclaimed_transfers: leaf.unclaimed_transfers,
      },
      anchor: anchorView(deps.chain, tree),
    });
  }
  if (proofs.length === 0) throw notFound(liabilityMessages.noProof);
  return { proofs };
}
