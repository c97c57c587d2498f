import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiabilityProof } from '../../../common/api/liabilities.ts';
import { compareWithAnchor } from '../../../common/liabilities/anchored-record.ts';
import { bytesToHex, hexToBytes } from '../../../common/liabilities/hex.ts';
import {
  buildFixture as buildFixtureWith,
  fixtureCustomers as customers,
  fixtureLeaves as fixture,
  fixtureOwner,
  fixtureProof,
  fixtureRecord as record,
  fixtureRoot as expectedRoot,
  fixtureTakenAt as takenAt,
} from '../../../common/liabilities/proof-fixture.ts';
import {
  buildLevels,
  leafNode,
  ownerPreimage,
  rootOf,
  SumTreeError,
  treeDepth,
} from '../../../common/liabilities/merkle-sum-tree.ts';
import { verifyLiabilityProof, verifyProofTree } from '../../../common/liabilities/verify-proof.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const sha256Async = async (data: Uint8Array) => sha256(data);
const ownerOf = (who: 'a' | 'b') => fixtureOwner(sha256, who);
const buildFixture = () => buildFixtureWith(sha256);
const proofFor = (who: 'a' | 'b') => fixtureProof(sha256, who);

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
