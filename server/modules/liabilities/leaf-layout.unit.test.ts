import { describe, expect, it } from 'vitest';
import { isolatesACustomer, layLeaves, MIN_LEAVES, PARTS, sizeClass, splitBalance } from './leaf-layout.ts';
import { buildTree, type CustomerLiability } from './snapshot-builder.ts';

const customer = (i: number, balance: bigint): CustomerLiability => ({
  ownerUserId: String(i + 1),
  accountId: String(100 + i),
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  currency: 'MAD',
  parts: { wallet: balance, withdrawals_pending: 0n, unclaimed_transfers: 0n },
});

describe('leaf layout', () => {
  it('splits a balance into PARTS random parts of at least one unit that add up to it', () => {
    for (const balance of [4n, 5n, 221000n, 10n ** 15n]) {
      const parts = splitBalance(balance);
      expect(parts).toHaveLength(PARTS);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(balance);
      expect(parts.every((p) => p >= 1n && p < balance)).toBe(true);
    }
    expect(splitBalance(2n)).toEqual([1n, 1n, 0n, 0n]);
    expect(splitBalance(0n)).toEqual([0n, 0n, 0n, 0n]);
    // Random: two splits of a large balance differ.
    expect(splitBalance(221000n)).not.toEqual(splitBalance(221000n));
  });

  it('pads to a power of two of at least MIN_LEAVES leaves', () => {
    expect([0, 1, 1024, 1025, 400_000].map(sizeClass)).toEqual([MIN_LEAVES, MIN_LEAVES, 1024, 2048, 524_288]);
  });

  it('sees a node that holds every non-zero part of one customer and nothing else', () => {
    const none = -1;
    // Customer 0's two parts under one parent, with padding: isolated.
    expect(isolatesACustomer(Int32Array.from([0, 0, 1, none, 1, none, none, none]), Uint8Array.from([2, 2]))).toBe(
      true,
    );
    // Spread so that every node mixes customers or holds a strict part of one: not isolated.
    expect(isolatesACustomer(Int32Array.from([0, 1, none, none, 1, 0, none, none]), Uint8Array.from([2, 2]))).toBe(
      false,
    );
    // One customer's parts spread over the two halves: only the root holds them all.
    expect(isolatesACustomer(Int32Array.from([0, none, none, none, none, none, 0, none]), Uint8Array.from([2]))).toBe(
      false,
    );
  });

  it('puts every part at its own position and isolates nobody, even with one customer', () => {
    for (const count of [1, 2, 3, 50]) {
      const parts = Array.from({ length: count }, (_, i) => splitBalance(BigInt(1000 + i)));
      const width = sizeClass(count * PARTS);
      const positions = layLeaves(parts, width).subarray(0, count * PARTS);
      expect(new Set(positions).size).toBe(count * PARTS);
      expect(Math.max(...positions)).toBeLessThan(width);
    }
  });

  it("shows no one else's balance in any node of a small tree: no node below the root covers exactly one customer's parts", () => {
    const balances = [221000n, 160500n, 98765n, 12345n, 5000n];
    for (let round = 0; round < 20; round++) {
      const tree = buildTree(
        'MAD',
        balances.map((b, i) => customer(i, b)),
      );
      expect(tree.leafCount).toBe(MIN_LEAVES);
      expect(tree.root.sum).toBe(balances.reduce((a, b) => a + b, 0n));
      // The property is structural: a node whose leaves are all of one customer's non-zero parts and nothing else
      // would publish that balance. A node of other parts may add up to a balance by chance, which says nothing
      // about anyone, so sums are not compared.
      const occupied = tree.leaves.map((leaf) => leaf.partPositions.filter((_, j) => (leaf.partAmounts[j] ?? 0n) > 0n));
      const allOccupied = occupied.flat();
      for (let level = 0; level < tree.levels.length - 1; level++) {
        const span = 2 ** level;
        for (const own of occupied) {
          const node = Math.floor((own[0] ?? 0) / span);
          const inNode = (p: number) => Math.floor(p / span) === node;
          const isolated = own.every(inNode) && allOccupied.filter(inNode).length === own.length;
          expect(isolated, `level ${level}`).toBe(false);
        }
      }
      for (const leaf of tree.leaves) {
        expect(leaf.partAmounts.reduce((a, b) => a + b, 0n)).toBe(leaf.balance);
        leaf.partPositions.forEach((position, j) => expect(tree.levels[0]?.[position]?.sum).toBe(leaf.partAmounts[j]));
      }
    }
  });
});
