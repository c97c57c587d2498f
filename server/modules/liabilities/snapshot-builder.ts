import { hash, randomBytes } from 'node:crypto';
import {
  buildLevels,
  leafHasher,
  NONCE_BYTES,
  rootOf,
  sortLeaves,
  type SumNode,
} from '../../../common/liabilities/merkle-sum-tree.ts';
import type { WalletLiability } from '../../ledger/customer-liabilities.ts';
import { liabilityPartOf, type LiabilityPart } from './liability-kinds.ts';

/** The ledger and the attribution disagree: nothing is published (ADR 012); ledger:check says more. */
export class LiabilitiesMismatchError extends Error {}

export interface CustomerLiability {
  ownerUserId: string;
  accountId: string;
  currency: string;
  parts: Record<LiabilityPart, bigint>;
}

export interface BuiltLeaf extends CustomerLiability {
  nonce: Buffer;
  balance: bigint;
  position: number;
  node: SumNode;
}

export interface BuiltTree {
  currency: string;
  root: SumNode;
  leaves: BuiltLeaf[];
  levels: SumNode[][];
}

/** One-shot hashing (crypto.hash): no Hash object per call, which counts at 230,000 calls per snapshot. */
export const sha256 = (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer');

/**
 * One entry per customer wallet: its balance, its reserved holds and the unclaimed transfers its owner sent. Then
 * checks, per currency, that each part adds up to the ledger's balance of the account kind that holds it, so
 * that the trees' totals are exactly what the ledger owes.
 */
export function attributeLiabilities(
  wallets: readonly WalletLiability[],
  unclaimed: readonly { senderUserId: string; currency: string; amount: bigint }[],
  kindTotals: readonly { kind: string; currency: string; balance: bigint }[],
): CustomerLiability[] {
  const byOwner = new Map<string, CustomerLiability>();
  const customers = wallets.map((w) => {
    const c: CustomerLiability = {
      ownerUserId: w.ownerUserId,
      accountId: w.accountId,
      currency: w.currency,
      parts: { wallet: w.wallet, withdrawals_pending: w.held, unclaimed_transfers: 0n },
    };
    byOwner.set(`${w.ownerUserId}:${w.currency}`, c);
    return c;
  });
  for (const u of unclaimed) {
    const c = byOwner.get(`${u.senderUserId}:${u.currency}`);
    if (!c)
      throw new LiabilitiesMismatchError(`user ${u.senderUserId} has unclaimed transfers but no ${u.currency} wallet`);
    c.parts.unclaimed_transfers += u.amount;
  }
  const attributed = new Map<string, bigint>();
  for (const c of customers) {
    for (const [part, amount] of Object.entries(c.parts)) {
      if (amount < 0n) throw new LiabilitiesMismatchError(`account ${c.accountId} has a negative ${part}`);
      const key = `${part}:${c.currency}`;
      attributed.set(key, (attributed.get(key) ?? 0n) + amount);
    }
  }
  const ledger = new Map<string, bigint>();
  for (const t of kindTotals) {
    const part = (liabilityPartOf as Record<string, LiabilityPart | null>)[t.kind];
    if (!part) continue;
    const key = `${part}:${t.currency}`;
    ledger.set(key, (ledger.get(key) ?? 0n) + t.balance);
  }
  for (const key of new Set([...attributed.keys(), ...ledger.keys()])) {
    const a = attributed.get(key) ?? 0n;
    const l = ledger.get(key) ?? 0n;
    if (a !== l)
      throw new LiabilitiesMismatchError(`${key}: the ledger holds ${l} but the customers' parts sum to ${a}`);
  }
  return customers;
}

/** The tree of one currency: a fresh CSPRNG nonce per leaf, leaves sorted by hash, levels up to the root. */
export function buildTree(currency: string, customers: readonly CustomerLiability[]): BuiltTree {
  const nonces = randomBytes(NONCE_BYTES * customers.length);
  const leafOf = leafHasher(sha256);
  const unsorted: BuiltLeaf[] = customers.map((c, i) => {
    const nonce = nonces.subarray(i * NONCE_BYTES, (i + 1) * NONCE_BYTES);
    const balance = c.parts.wallet + c.parts.withdrawals_pending + c.parts.unclaimed_transfers;
    const node = leafOf(nonce, BigInt(c.accountId), balance);
    return {
      ownerUserId: c.ownerUserId,
      accountId: c.accountId,
      currency: c.currency,
      parts: c.parts,
      nonce,
      balance,
      position: 0,
      node,
    };
  });
  const leaves = sortLeaves(unsorted);
  leaves.forEach((leaf, i) => (leaf.position = i));
  const levels = buildLevels(
    leaves.map((l) => l.node),
    sha256,
  );
  return { currency, root: rootOf(levels), leaves, levels };
}

/** A level as stored: 40 bytes per node, the hash then the sum as u64 big-endian (ADR 012). */
export function packLevel(level: readonly SumNode[]): Buffer {
  const out = Buffer.alloc(level.length * 40);
  level.forEach((node, i) => {
    out.set(node.hash, i * 40);
    out.writeBigUInt64BE(node.sum, i * 40 + 32);
  });
  return out;
}

export function unpackNode(bytes: Buffer): SumNode {
  if (bytes.length !== 40) throw new Error(`a stored node has 40 bytes, not ${bytes.length}`);
  return { hash: new Uint8Array(bytes.subarray(0, 32)), sum: bytes.readBigUInt64BE(32) };
}
