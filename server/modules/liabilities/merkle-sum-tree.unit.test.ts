import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiabilityProof } from '../../../common/api/liabilities.ts';
import { compareWithAnchor, type AnchoredRecord } from '../../../common/liabilities/anchored-record.ts';
import { bytesToHex, hexToBytes } from '../../../common/liabilities/hex.ts';
import {
  buildLevels,
  leafNode,
  ownerPreimage,
  rootOf,
  siblingPath,
  SumTreeError,
  treeDepth,
} from '../../../common/liabilities/merkle-sum-tree.ts';
import { verifyLiabilityProof, verifyProofTree } from '../../../common/liabilities/verify-proof.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const sha256Async = async (data: Uint8Array) => sha256(data);

/**
 * Hand fixture (ADR 012, "Worked example", version 2): two customers with two parts each, computed independently
 * of this code with Python's hashlib and struct.pack from the byte layout written in the ADR.
 */
const customers = {
  a: {
    secret: '11'.repeat(32),
    address: `0x${'aa'.repeat(20)}`,
    owner: 'febf57aad9aae1f729830bd4cb018066e93949ea8292478c937208b3d8f1bde0',
  },
  b: {
    secret: '22'.repeat(32),
    address: `0x${'bb'.repeat(20)}`,
    owner: '29c8d7187eb7ca38fbf50c936157170726ce7ac7cc7101a4988a56a6d8519429',
  },
};
/** In tree order: a's part 0, b's part 0, a's part 1, b's part 1. */
const fixture = [
  { who: 'a', part: 0, amount: 100000n, hash: '295ddb24b31a26a3a6dd5c2c562fb326c059e40b0bd234844d6270d7590fc81a' },
  { who: 'b', part: 0, amount: 2500n, hash: '5f41b6fdaaee13e7ba33512bf1163cdc4d2f5d4a854927f44b90984ef52a3472' },
  { who: 'a', part: 1, amount: 60500n, hash: 'fb674b815758110d3e5483f6ea2806702fd16a1a5b880d470c70ec070d0ae6df' },
  { who: 'b', part: 1, amount: 0n, hash: '89c31090ba8922d4f9fc611297a63391d05e13d159da766eaa27f2330ed2b5f3' },
] as const;
const expectedRoot = '4e043a5581dcf0b428cf17efdd1c59d1d092f6a5e2aa94483c3d5093c5098c5f';
const takenAt = '2026-11-23T00:00:00.000Z';

const ownerOf = (who: 'a' | 'b') => sha256(ownerPreimage(hexToBytes(customers[who].secret), customers[who].address));

function buildFixture() {
  return buildLevels(
    fixture.map((f) => leafNode(sha256, ownerOf(f.who), f.part, f.amount)),
    sha256,
  );
}

function proofFor(who: 'a' | 'b'): LiabilityProof {
  const levels = buildFixture();
  const root = rootOf(levels);
  const leaves = fixture
    .map((f, index) => ({ f, index }))
    .filter(({ f }) => f.who === who)
    .map(({ f, index }) => ({
      index,
      part: f.part,
      amount: String(f.amount),
      path: siblingPath(levels, index).map((s) => ({ hash: bytesToHex(s.hash), sum: String(s.sum) })),
    }));
  const balance = String(leaves.reduce((sum, l) => sum + BigInt(l.amount), 0n));
  return {
    version: 2,
    snapshot_id: '1',
    taken_at: takenAt,
    currency: 'MAD',
    root: bytesToHex(root.hash),
    total: String(root.sum),
    leaf_count: fixture.length,
    owner: { address: customers[who].address, secret: customers[who].secret },
    balance,
    leaves,
    breakdown: { wallet: balance, withdrawals_pending: '0', unclaimed_transfers: '0' },
    anchor: { status: 'pending', tx_id: null, url: null },
  };
}

/** The record anchoring the fixture's tree, as the built-in ledger's explorer serves it. */
const record: AnchoredRecord = {
  reference_hash: `0x${expectedRoot}`,
  kind: 'liabilities:4',
  amount: '1630.00',
  currency: 'MAD',
  time: takenAt,
};

describe('Merkle sum tree (version 2)', () => {
  it('hashes the owner and each leaf as the ADR says', () => {
    expect(bytesToHex(ownerOf('a'))).toBe(customers.a.owner);
    expect(bytesToHex(ownerOf('b'))).toBe(customers.b.owner);
    for (const f of fixture) expect(bytesToHex(leafNode(sha256, ownerOf(f.who), f.part, f.amount).hash)).toBe(f.hash);
  });

  it('gives the hand-computed root and total for the four-leaf fixture', () => {
    const levels = buildFixture();
    expect(levels.map((l) => l.length)).toEqual([4, 2, 1]);
    expect(bytesToHex(rootOf(levels).hash)).toBe(expectedRoot);
    expect(rootOf(levels).sum).toBe(163000n);
  });

  it('has depth ceil(log2(n)): one leaf is its own root', () => {
    expect([0, 1, 2, 3, 4, 5, 100_000].map(treeDepth)).toEqual([0, 0, 1, 2, 2, 3, 17]);
    const only = leafNode(sha256, ownerOf('a'), 0, 5n);
    expect(rootOf(buildLevels([only], sha256))).toEqual(only);
  });

  it('refuses negative and overflowing sums, and an address that is not one', () => {
    expect(() => leafNode(sha256, ownerOf('a'), 0, -1n)).toThrow(SumTreeError);
    const big = leafNode(sha256, ownerOf('a'), 0, 2n ** 63n - 1n);
    expect(() => buildLevels([big, big], sha256)).toThrow(SumTreeError);
    expect(() => ownerPreimage(hexToBytes(customers.a.secret), '0x1234')).toThrow(SumTreeError);
  });
});

describe('verifyLiabilityProof', () => {
  it("accepts each customer's leaves, with the address they know, against the published record", async () => {
    for (const who of ['a', 'b'] as const) {
      const proof = proofFor(who);
      expect(
        await verifyLiabilityProof(proof, sha256Async, { record, expectedAddress: customers[who].address }),
      ).toEqual({ ok: true, root: expectedRoot, total: 163000n });
    }
  });

  it('fails when the secret, the address, a part, an amount, a sibling, the index or the total is changed', async () => {
    const tampered: ((p: LiabilityProof) => void)[] = [
      (p) => (p.owner.secret = `00${p.owner.secret.slice(2)}`),
      (p) => (p.owner.address = customers.b.address),
      (p) => (p.leaves[0] = { ...(p.leaves[0] ?? fail()), part: 2 }),
      (p) => (p.leaves[0] = { ...(p.leaves[0] ?? fail()), amount: '100001' }),
      (p) => (p.balance = '160501'),
      (p) => p.leaves[1]?.path.splice(0, 1, { hash: 'ff'.repeat(32), sum: '2500' }),
      (p) => p.leaves[1]?.path.splice(1, 1, { hash: p.leaves[1]?.path[1]?.hash ?? '', sum: '102600' }),
      (p) => (p.leaves[0] = { ...(p.leaves[0] ?? fail()), index: 1 }),
      (p) => (p.total = '162999'),
      (p) => p.leaves[0]?.path.pop(),
      // The same leaf twice must not count twice.
      (p) => (p.leaves[1] = { ...(p.leaves[0] ?? fail()) }),
    ];
    for (const change of tampered) {
      const proof = proofFor('a');
      change(proof);
      expect((await verifyProofTree(proof, sha256Async)).ok, JSON.stringify(proof)).toBe(false);
    }
  });

  it("fails a proof for another wallet than the customer's, even a sound one", async () => {
    expect(
      await verifyLiabilityProof(proofFor('b'), sha256Async, { record, expectedAddress: customers.a.address }),
    ).toMatchObject({ ok: false, code: 'address' });
  });

  it('fails a sound tree whose root is not, or not so, on the public ledger', async () => {
    const proof = proofFor('a');
    expect(await verifyLiabilityProof(proof, sha256Async, { record: undefined })).toMatchObject({
      ok: false,
      code: 'not_anchored',
    });
    for (const differs of [
      { amount: '1629.99' },
      { kind: 'liabilities:8' },
      { currency: 'EUR' },
      { time: '2026-11-24T00:00:00.000Z' },
    ]) {
      expect(await verifyLiabilityProof(proof, sha256Async, { record: { ...record, ...differs } })).toMatchObject({
        ok: false,
        code: 'anchor_differs',
      });
    }
    // An EVM event carries the time in whole seconds.
    expect(compareWithAnchor(proof, { ...record, time: String(Date.parse(takenAt) / 1000) })).toEqual({ ok: true });
  });

  it('refuses a negative sibling sum even when the hashes were made to match', async () => {
    const proof = proofFor('a');
    proof.leaves[0]?.path.splice(0, 1, { hash: proof.leaves[0].path[0]?.hash ?? '', sum: '-5' });
    expect(await verifyProofTree(proof, sha256Async)).toMatchObject({ ok: false, code: 'tree' });
  });
});

function fail(): never {
  throw new Error('fixture without that leaf');
}
