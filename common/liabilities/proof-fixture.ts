import type { LiabilityProof } from '../api/liabilities.ts';
import type { AnchoredRecord } from './anchored-record.ts';
import { bytesToHex, hexToBytes } from './hex.ts';
import { buildLevels, leafNode, ownerPreimage, rootOf, siblingPath, type Sha256 } from './merkle-sum-tree.ts';

/**
 * Hand fixture (ADR 012, "Worked example", version 2): two customers with two parts each, computed independently
 * of this code with Python's hashlib and struct.pack from the byte layout written in the ADR.
 */
export const fixtureCustomers = {
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
export const fixtureLeaves = [
  { who: 'a', part: 0, amount: 100000n, hash: '295ddb24b31a26a3a6dd5c2c562fb326c059e40b0bd234844d6270d7590fc81a' },
  { who: 'b', part: 0, amount: 2500n, hash: '5f41b6fdaaee13e7ba33512bf1163cdc4d2f5d4a854927f44b90984ef52a3472' },
  { who: 'a', part: 1, amount: 60500n, hash: 'fb674b815758110d3e5483f6ea2806702fd16a1a5b880d470c70ec070d0ae6df' },
  { who: 'b', part: 1, amount: 0n, hash: '89c31090ba8922d4f9fc611297a63391d05e13d159da766eaa27f2330ed2b5f3' },
] as const;
export const fixtureRoot = '4e043a5581dcf0b428cf17efdd1c59d1d092f6a5e2aa94483c3d5093c5098c5f';
export const fixtureTakenAt = '2026-11-23T00:00:00.000Z';

export const fixtureOwner = (sha256: Sha256, who: 'a' | 'b') =>
  sha256(ownerPreimage(hexToBytes(fixtureCustomers[who].secret), fixtureCustomers[who].address));

export function buildFixture(sha256: Sha256) {
  return buildLevels(
    fixtureLeaves.map((f) => leafNode(sha256, fixtureOwner(sha256, f.who), f.part, f.amount)),
    sha256,
  );
}

export function fixtureProof(sha256: Sha256, who: 'a' | 'b'): LiabilityProof {
  const levels = buildFixture(sha256);
  const root = rootOf(levels);
  const leaves = fixtureLeaves
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
    taken_at: fixtureTakenAt,
    currency: 'MAD',
    root: bytesToHex(root.hash),
    total: String(root.sum),
    leaf_count: fixtureLeaves.length,
    owner: { address: fixtureCustomers[who].address, secret: fixtureCustomers[who].secret },
    balance,
    leaves,
    breakdown: { wallet: balance, withdrawals_pending: '0', unclaimed_transfers: '0' },
    anchor: { status: 'pending', tx_id: null, url: null },
  };
}

/** The record anchoring the fixture's tree, as the built-in ledger's explorer serves it. */
export const fixtureRecord: AnchoredRecord = {
  reference_hash: `0x${fixtureRoot}`,
  kind: 'liabilities:4',
  amount: '1630.00',
  currency: 'MAD',
  time: fixtureTakenAt,
};
