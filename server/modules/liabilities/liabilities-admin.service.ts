import { parseDecimal, pow10 } from '../../../common/money/decimal.ts';
import { formatAmount, isCurrency, MINOR_DIGITS, money } from '../../../common/money/money.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countTrees,
  findTree,
  insertSafeguarding,
  ledgerOwedAt,
  listTrees,
  type TreeRow,
} from './liabilities.repository.ts';
import { liabilityKinds } from './liability-kinds.ts';

/** What operators and auditors see of the snapshots (CLI until the back-office exists). */

/** A snapshot's tree of one currency, as this service and the explorer's history show it. */
export type { TreeRow };

export class SafeguardingError extends Error {}

export const formatMinor = (currency: string, minor: bigint): string =>
  isCurrency(currency) ? formatAmount(money(currency, minor)) : String(minor);

/** The latest trees, newest first: the explorer's public history (it shows only public columns) and the CLI. */
export async function recentTrees(db: Kysely<Database>, limit = 30): Promise<TreeRow[]> {
  return listTrees(db, limit);
}

/** A tree with what the journal owed at its snapshot's time (minor units, as text). */
export type CheckedTree = TreeRow & { ledger: string };

/** A page of trees, newest first, each with the journal's figure at its time (the back-office's screen). */
export async function checkedTrees(
  db: Kysely<Database>,
  limit: number,
  offset: number,
): Promise<{ count: number; trees: CheckedTree[] }> {
  const [count, trees] = await Promise.all([countTrees(db), listTrees(db, limit, offset)]);
  const checked = await Promise.all(
    trees.map(async (tree) => ({
      ...tree,
      ledger: await ledgerOwedAt(db, liabilityKinds, tree.currency, tree.taken_at),
    })),
  );
  return { count, trees: checked };
}

/** Safeguarded minus owed: positive means the bank account covers what we owe. */
export function safeguardingDifference(tree: Pick<TreeRow, 'total' | 'safeguarded'>): bigint | undefined {
  return tree.safeguarded === null ? undefined : BigInt(tree.safeguarded) - BigInt(tree.total);
}

/**
 * Records the balance of the safeguarding bank account, as its statement shows it at the snapshot's date, for
 * one tree (append-only: a correction is a new entry, the latest counts). Returns the tree with the figure.
 */
export async function recordSafeguarding(
  db: Kysely<Database>,
  input: { snapshotId: string; currency: string; amount: string },
): Promise<TreeRow> {
  if (!/^[1-9]\d{0,18}$/.test(input.snapshotId)) throw new SafeguardingError('--snapshot must be a snapshot id');
  if (!isCurrency(input.currency)) throw new SafeguardingError('--currency must be EUR or MAD');
  // A balance, not a payment: zero is a valid figure (parseAmount refuses it), a negative one is not.
  const decimal = parseDecimal(input.amount.trim());
  if (!decimal || decimal.units < 0n || decimal.scale > MINOR_DIGITS || decimal.units >= 10n ** 17n) {
    throw new SafeguardingError('--amount must be an amount like 2340118.00 (at most 2 decimals, not negative)');
  }
  const minor = decimal.units * pow10(MINOR_DIGITS - decimal.scale);
  const tree = await findTree(db, input.snapshotId, input.currency);
  if (!tree) throw new SafeguardingError(`No ${input.currency} tree in snapshot ${input.snapshotId}`);
  await insertSafeguarding(db, tree.id, minor);
  const updated = await findTree(db, input.snapshotId, input.currency);
  if (!updated) throw new Error('tree vanished');
  return updated;
}
