import type { LiabilityProof } from '../api/liabilities.ts';
import { bytesToHex, hexToBytes } from './hex.ts';
import {
  MAX_SUM,
  leafPreimage,
  nodePreimage,
  parentSum,
  SumTreeError,
  treeDepth,
  type Sha256Async,
  type SumNode,
} from './merkle-sum-tree.ts';

export type ProofVerdict = { ok: true; root: string; total: bigint } | { ok: false; reason: string };

function minor(text: string, what: string): bigint {
  if (!/^(0|[1-9]\d{0,18})$/.test(text)) throw new SumTreeError(`${what} is not a non-negative integer`);
  const value = BigInt(text);
  if (value > MAX_SUM) throw new SumTreeError(`${what} exceeds 2^63 - 1`);
  return value;
}

/**
 * Recomputes the root from the leaf (nonce, account id, balance) and the sibling path, with the sides given by the
 * leaf index, and compares hash AND sum with the published root and total (ADR 012). Also refuses a path whose
 * length does not fit the leaf count, an index past the last real leaf, and any negative or overflowing sum.
 */
export async function verifyLiabilityProof(proof: LiabilityProof, sha256: Sha256Async): Promise<ProofVerdict> {
  try {
    const { leaf, path } = proof;
    if (path.length !== treeDepth(proof.leaf_count)) {
      return {
        ok: false,
        reason: `a tree of ${proof.leaf_count} leaves has ${treeDepth(proof.leaf_count)} levels, the path has ${path.length}`,
      };
    }
    if (leaf.index >= proof.leaf_count) return { ok: false, reason: 'the leaf index is past the last leaf' };
    const balance = minor(leaf.balance, 'the balance');
    let node: SumNode = {
      hash: await sha256(leafPreimage(hexToBytes(leaf.nonce), BigInt(leaf.account_id), balance)),
      sum: balance,
    };
    let index = leaf.index;
    for (const [level, step] of path.entries()) {
      const sibling: SumNode = { hash: hexToBytes(step.hash), sum: minor(step.sum, `the sum at level ${level}`) };
      const [left, right] = index % 2 === 0 ? [node, sibling] : [sibling, node];
      node = { hash: await sha256(nodePreimage(left, right)), sum: parentSum(left, right) };
      index = Math.floor(index / 2);
    }
    const root = bytesToHex(node.hash);
    if (root !== proof.root) return { ok: false, reason: 'the recomputed root differs from the published root' };
    if (node.sum !== minor(proof.total, 'the total')) {
      return { ok: false, reason: 'the recomputed total differs from the published total' };
    }
    return { ok: true, root, total: node.sum };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
