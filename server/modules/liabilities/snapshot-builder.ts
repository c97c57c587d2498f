import { hash, randomBytes } from 'node:crypto';
import {
  buildLevels,
  HASH_BYTES,
  leafPreimage,
  ownerPreimage,
  rootOf,
  SECRET_BYTES,
  type SumNode,
} from '../../../common/liabilities/merkle-sum-tree.ts';
import type { WalletLiability } from '../../ledger/customer-liabilities.ts';
import { layLeaves, PARTS, sizeClass, splitBalance } from './leaf-layout.ts';
import { liabilityPartOf, type LiabilityPart } from './liability-kinds.ts';

/** The ledger and the attribution disagree: nothing is published (ADR 012); ledger:check says more. */
export class LiabilitiesMismatchError extends Error {}

export interface CustomerLiability {
  ownerUserId: string;
  accountId: string;
  /** The wallet address on the customer's profile: their leaves commit to it. */
  address: string;
  currency: string;
  parts: Record<LiabilityPart, bigint>;
}

/** One customer in a tree: their secret of this snapshot and where each part of their balance is. */
export interface BuiltLeaf extends CustomerLiability {
  secret: Buffer;
  balance: bigint;
  partPositions: number[];
  partAmounts: bigint[];
}

export interface BuiltTree {
  currency: string;
  root: SumNode;
  /** One per customer (a customer has PARTS leaves in the tree). */
  leaves: BuiltLeaf[];
  /** Leaves in the tree, padding included: the size class. */
  leafCount: number;
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
    if (!w.address) throw new LiabilitiesMismatchError(`wallet ${w.accountId} has no owner with a wallet address`);
    const c: CustomerLiability = {
      ownerUserId: w.ownerUserId,
      accountId: w.accountId,
      address: w.address.toLowerCase(),
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

/**
 * The tree of one currency (ADR 012, version 2): per customer a fresh CSPRNG secret and PARTS leaves committing to
 * it and to their wallet address, at random positions (layLeaves), the rest of the size class padding leaves of
 * sum 0 with random hashes, then the levels up to the root.
 */
export function buildTree(currency: string, customers: readonly CustomerLiability[]): BuiltTree {
  const leafCount = sizeClass(customers.length * PARTS);
  const secrets = randomBytes(SECRET_BYTES * customers.length);
  const splits = randomBytes(8 * (PARTS - 1) * customers.length);
  const parts = customers.map((c, i) =>
    splitBalance(
      c.parts.wallet + c.parts.withdrawals_pending + c.parts.unclaimed_transfers,
      splits.subarray(8 * (PARTS - 1) * i, 8 * (PARTS - 1) * (i + 1)),
    ),
  );
  const positions = layLeaves(parts, leafCount);
  // Padding first: every position gets a random hash of sum 0, then the customers' leaves overwrite theirs.
  const padding = randomBytes(HASH_BYTES * leafCount);
  const level0: SumNode[] = Array.from({ length: leafCount }, (_, i) => ({
    hash: padding.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES),
    sum: 0n,
  }));
  const leaves: BuiltLeaf[] = customers.map((c, i) => {
    const secret = secrets.subarray(i * SECRET_BYTES, (i + 1) * SECRET_BYTES);
    const owner = sha256(ownerPreimage(secret, c.address));
    const amounts = parts[i] ?? [];
    const partPositions = amounts.map((amount, j) => {
      const position = positions[i * PARTS + j] ?? 0;
      level0[position] = { hash: sha256(leafPreimage(owner, j, amount)), sum: amount };
      return position;
    });
    return {
      ...c,
      secret,
      balance: amounts.reduce((a, b) => a + b, 0n),
      partPositions,
      partAmounts: amounts,
    };
  });
  const levels = buildLevels(level0, sha256);
  return { currency, root: rootOf(levels), leaves, leafCount, levels };
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
