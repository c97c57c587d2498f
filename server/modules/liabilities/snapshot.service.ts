import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { balancesByKind, customerWallets } from '../../ledger/customer-liabilities.ts';
import { unclaimedBySender } from '../transfers/unclaimed-by-sender.ts';
import { insertSnapshot, insertTree, snapshotExistsFor } from './liabilities.repository.ts';
import { liabilityKinds } from './liability-kinds.ts';
import { attributeLiabilities, buildTree, type CustomerLiability } from './snapshot-builder.ts';

export interface SnapshotSummary {
  id: string;
  takenAt: Date;
  trees: { id: string; currency: string; root: string; total: bigint; leafCount: number }[];
}

/** One key for every process: snapshots are taken one at a time across the cluster. */
const lockKey = 'liabilities:snapshot';

/**
 * Takes a snapshot (ADR 012): reads every customer wallet, reserved hold, unclaimed transfer and liability account
 * total in ONE repeatable-read transaction, builds one Merkle sum tree per currency, and stores it all in that
 * same transaction. Several processes: an advisory lock serialises them, and a scheduled slot already taken
 * (unique scheduled_for) is skipped (undefined). Throws LiabilitiesMismatchError, writing nothing, when the
 * customers' parts do not add up to the ledger's accounts.
 */
export async function takeSnapshot(
  db: Kysely<Database>,
  options: {
    scheduledFor?: Date;
    /** Tests: runs between the first read and the others, to commit a transfer mid-snapshot. */
    afterWalletsRead?: () => Promise<void>;
  } = {},
): Promise<SnapshotSummary | undefined> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${lockKey}, 0))`.execute(conn);
    try {
      if (options.scheduledFor && (await snapshotExistsFor(conn, options.scheduledFor))) return undefined;
      return await conn
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          // The first statement fixes the snapshot every read below sees; now() is that transaction's start.
          const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(tx);
          const takenAt = rows[0]?.now ?? new Date();
          const wallets = await customerWallets(tx);
          await options.afterWalletsRead?.();
          const unclaimed = await unclaimedBySender(tx);
          const totals = await balancesByKind(tx, liabilityKinds);
          const customers = attributeLiabilities(wallets, unclaimed, totals);
          const byCurrency = new Map<string, CustomerLiability[]>();
          for (const c of customers) {
            const list = byCurrency.get(c.currency);
            if (list) list.push(c);
            else byCurrency.set(c.currency, [c]);
          }
          const id = await insertSnapshot(tx, { scheduledFor: options.scheduledFor ?? null, takenAt });
          const trees: SnapshotSummary['trees'] = [];
          for (const [currency, list] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
            const tree = buildTree(currency, list);
            const treeId = await insertTree(tx, id, tree);
            trees.push({
              id: treeId,
              currency,
              root: Buffer.from(tree.root.hash).toString('hex'),
              total: tree.root.sum,
              leafCount: tree.leafCount,
            });
          }
          return { id, takenAt, trees };
        });
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${lockKey}, 0))`.execute(conn);
    }
  });
}
