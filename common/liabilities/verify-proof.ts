import type { LiabilityProof } from '../api/liabilities.ts';
import { compareWithAnchor, type AnchoredRecord } from './anchored-record.ts';
import { bytesToHex, hexToBytes } from './hex.ts';
import {
  MAX_SUM,
  leafPreimage,
  nodePreimage,
  ownerPreimage,
  parentSum,
  SumTreeError,
  treeDepth,
  type Sha256Async,
  type SumNode,
} from './merkle-sum-tree.ts';

/**
 * `tree`: the leaves do not lead to the root and total; `address`: the leaves are not those of the wallet address
 * the customer knows; `not_anchored` / `anchor_differs`: the root is not, or not so, on the public ledger.
 */
export type ProofFailure = 'tree' | 'address' | 'not_anchored' | 'anchor_differs';
export type ProofVerdict =
  { ok: true; root: string; total: bigint } | { ok: false; code: ProofFailure; reason: string };

function minor(text: string, what: string): bigint {
  if (!/^(0|[1-9]\d{0,18})$/.test(text)) throw new SumTreeError(`${what} is not a non-negative integer`);
  const value = BigInt(text);
  if (value > MAX_SUM) throw new SumTreeError(`${what} exceeds 2^63 - 1`);
  return value;
}

const tree = (reason: string): ProofVerdict => ({ ok: false, code: 'tree', reason });

/**
 * Recomputes the owner hash from the wallet address and the snapshot's secret, each leaf from it, and each leaf's
 * path up to the root (sides from the leaf index), comparing hash AND sum with the root and total (ADR 012). Also
 * refuses a path whose length does not fit the leaf count, an index past the last leaf, two leaves at one index
 * or with one part number, leaves that do not add up to the balance, and any negative or overflowing sum.
 * `expectedAddress`: the wallet address the customer knows (the app passes the profile's): the proof must name it.
 */
export async function verifyProofTree(
  proof: LiabilityProof,
  sha256: Sha256Async,
  expectedAddress?: string,
): Promise<ProofVerdict> {
  try {
    if (expectedAddress !== undefined && expectedAddress.toLowerCase() !== proof.owner.address.toLowerCase()) {
      return {
        ok: false,
        code: 'address',
        reason: `the proof is for ${proof.owner.address}, not for the wallet ${expectedAddress}`,
      };
    }
    const depth = treeDepth(proof.leaf_count);
    const owner = await sha256(ownerPreimage(hexToBytes(proof.owner.secret), proof.owner.address));
    const total = minor(proof.total, 'the total');
    const indexes = new Set<number>();
    const parts = new Set<number>();
    let sum = 0n;
    for (const leaf of proof.leaves) {
      if (leaf.path.length !== depth) {
        return tree(`a tree of ${proof.leaf_count} leaves has ${depth} levels, a path has ${leaf.path.length}`);
      }
      if (leaf.index >= proof.leaf_count) return tree('a leaf index is past the last leaf');
      if (indexes.has(leaf.index) || parts.has(leaf.part)) return tree('two leaves share an index or a part number');
      indexes.add(leaf.index);
      parts.add(leaf.part);
      const amount = minor(leaf.amount, 'an amount');
      sum += amount;
      let node: SumNode = { hash: await sha256(leafPreimage(owner, leaf.part, amount)), sum: amount };
      let index = leaf.index;
      for (const [level, step] of leaf.path.entries()) {
        const sibling: SumNode = { hash: hexToBytes(step.hash), sum: minor(step.sum, `the sum at level ${level}`) };
        const [left, right] = index % 2 === 0 ? [node, sibling] : [sibling, node];
        node = { hash: await sha256(nodePreimage(left, right)), sum: parentSum(left, right) };
        index = Math.floor(index / 2);
      }
      if (bytesToHex(node.hash) !== proof.root) return tree('the recomputed root differs from the published root');
      if (node.sum !== total) return tree('the recomputed total differs from the published total');
    }
    if (sum !== minor(proof.balance, 'the balance')) return tree("the leaves' amounts do not add up to the balance");
    return { ok: true, root: proof.root, total };
  } catch (error) {
    return tree(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The whole check: the tree (verifyProofTree), then the root, total, leaf count, currency and time against the
 * record read from the public ledger by the caller, never against what the server that sent the proof says.
 * `record` is undefined when the ledger has no record with this root.
 */
export async function verifyLiabilityProof(
  proof: LiabilityProof,
  sha256: Sha256Async,
  options: { record: AnchoredRecord | undefined; expectedAddress?: string },
): Promise<ProofVerdict> {
  const verdict = await verifyProofTree(proof, sha256, options.expectedAddress);
  if (!verdict.ok) return verdict;
  const anchor = compareWithAnchor(proof, options.record);
  return anchor.ok ? verdict : anchor;
}
