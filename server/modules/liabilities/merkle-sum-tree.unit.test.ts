import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiabilityProof } from '../../../common/api/liabilities.ts';
import { bytesToHex, hexToBytes } from '../../../common/liabilities/hex.ts';
import {
  buildLevels,
  leafNode,
  rootOf,
  siblingPath,
  sortLeaves,
  SumTreeError,
  treeDepth,
} from '../../../common/liabilities/merkle-sum-tree.ts';
import { verifyLiabilityProof } from '../../../common/liabilities/verify-proof.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const sha256Async = async (data: Uint8Array) => sha256(data);

/**
 * Hand fixture (ADR 012, "Worked example"): three leaves, computed independently of this code with Python's
 * hashlib and struct.pack('>Q') from the byte layout written in the ADR.
 */
const fixture = [
  {
    nonce: '11'.repeat(32),
    accountId: 1n,
    balance: 160500n,
    hash: 'a12c05f12b80617fc74b3c988478534206cd09f5059bf18659bd3434ff90c690',
  },
  {
    nonce: '22'.repeat(32),
    accountId: 2n,
    balance: 0n,
    hash: 'd2583b9097b8d390ef9f1f5d674004a378f8d94ce53a4c4a2280462aa16eb3eb',
  },
  {
    nonce: '33'.repeat(32),
    accountId: 7n,
    balance: 2500n,
    hash: '9a032c1f578cc073697270c7639b9f814dfd338e82320c3d001a72cc4ec8655c',
  },
];
const expectedRoot = 'aace0873a318459e33d6e0374c68bdfefb3198cfcf2d633b13d90cfbdbe5f680';

function buildFixture() {
  const leaves = sortLeaves(
    fixture.map((f) => ({ f, node: leafNode(sha256, hexToBytes(f.nonce), f.accountId, f.balance) })),
  );
  return {
    leaves,
    levels: buildLevels(
      leaves.map((l) => l.node),
      sha256,
    ),
  };
}

function proofFor(index: number): LiabilityProof {
  const { leaves, levels } = buildFixture();
  const root = rootOf(levels);
  const leaf = leaves[index];
  if (!leaf) throw new Error('no leaf');
  return {
    version: 1,
    snapshot_id: '1',
    taken_at: '2026-11-23T00:00:00.000Z',
    currency: 'MAD',
    root: bytesToHex(root.hash),
    total: String(root.sum),
    leaf_count: leaves.length,
    leaf: { index, account_id: String(leaf.f.accountId), nonce: leaf.f.nonce, balance: String(leaf.f.balance) },
    path: siblingPath(levels, index).map((s) => ({ hash: bytesToHex(s.hash), sum: String(s.sum) })),
    breakdown: { wallet: String(leaf.f.balance), withdrawals_pending: '0', unclaimed_transfers: '0' },
    anchor: { status: 'pending', tx_id: null, url: null },
  };
}

describe('Merkle sum tree', () => {
  it('hashes each leaf as the ADR says', () => {
    for (const f of fixture) {
      expect(bytesToHex(leafNode(sha256, hexToBytes(f.nonce), f.accountId, f.balance).hash)).toBe(f.hash);
    }
  });

  it('gives the hand-computed root and total for the three-leaf fixture', () => {
    const { leaves, levels } = buildFixture();
    expect(leaves.map((l) => l.f.accountId)).toEqual([7n, 1n, 2n]);
    expect(levels.map((l) => l.length)).toEqual([4, 2, 1]);
    expect(bytesToHex(rootOf(levels).hash)).toBe(expectedRoot);
    expect(rootOf(levels).sum).toBe(163000n);
  });

  it('has depth ceil(log2(n)): one leaf is its own root', () => {
    expect([0, 1, 2, 3, 4, 5, 100_000].map(treeDepth)).toEqual([0, 0, 1, 2, 2, 3, 17]);
    const only = leafNode(sha256, hexToBytes('44'.repeat(32)), 9n, 5n);
    expect(rootOf(buildLevels([only], sha256))).toEqual(only);
  });

  it('refuses negative and overflowing sums', () => {
    expect(() => leafNode(sha256, hexToBytes('11'.repeat(32)), 1n, -1n)).toThrow(SumTreeError);
    const big = leafNode(sha256, hexToBytes('11'.repeat(32)), 1n, 2n ** 63n - 1n);
    expect(() => buildLevels([big, big], sha256)).toThrow(SumTreeError);
  });
});

describe('verifyLiabilityProof', () => {
  it('accepts every leaf of the fixture', async () => {
    for (const index of [0, 1, 2]) {
      expect(await verifyLiabilityProof(proofFor(index), sha256Async)).toEqual({
        ok: true,
        root: expectedRoot,
        total: 163000n,
      });
    }
  });

  it('fails when the balance, the nonce, the account id, a sibling hash or a sibling sum is changed', async () => {
    const tampered: ((p: LiabilityProof) => void)[] = [
      (p) => (p.leaf.balance = String(BigInt(p.leaf.balance) + 1n)),
      (p) => (p.leaf.nonce = `00${p.leaf.nonce.slice(2)}`),
      (p) => (p.leaf.account_id = '3'),
      (p) => (p.path[0] = { hash: `ff${p.path[0]?.hash.slice(2) ?? ''}`, sum: p.path[0]?.sum ?? '0' }),
      (p) => (p.path[1] = { hash: p.path[1]?.hash ?? '', sum: String(BigInt(p.path[1]?.sum ?? '0') + 100n) }),
      (p) => (p.leaf.index = 0),
      (p) => (p.total = '162999'),
      (p) => p.path.pop(),
    ];
    for (const change of tampered) {
      const proof = proofFor(1);
      change(proof);
      const verdict = await verifyLiabilityProof(proof, sha256Async);
      expect(verdict.ok, JSON.stringify(proof)).toBe(false);
    }
  });

  it('refuses a negative sibling sum even when the hashes were made to match', async () => {
    const proof = proofFor(0);
    proof.path[0] = { hash: proof.path[0]?.hash ?? '', sum: '-5' };
    expect(await verifyLiabilityProof(proof, sha256Async)).toMatchObject({ ok: false });
  });
});
