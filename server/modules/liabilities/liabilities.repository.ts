import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BuiltTree } from './snapshot-builder.ts';
import { PARTS } from './leaf-layout.ts';
import { packLevel } from './snapshot-builder.ts';

/** SQL of the liabilities_* tables (migration 0060). */

export async function snapshotExistsFor(db: Kysely<Database>, scheduledFor: Date): Promise<boolean> {
  const row = await db
    .selectFrom('liabilities_snapshots')
    .select('id')
    .where('scheduled_for', '=', scheduledFor)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSnapshot(
  tx: Transaction<Database>,
  snapshot: { scheduledFor: Date | null; takenAt: Date },
): Promise<string> {
  const row = await tx
    .insertInto('liabilities_snapshots')
    .values({ scheduled_for: snapshot.scheduledFor, taken_at: snapshot.takenAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Leaf rows per INSERT: 10 array parameters of 50,000 customers; two statements for 100,000 customers. */
const leafChunk = 50_000;

/** Owner ids (bigint as digits) in numeric order. */
const byOwner = (a: { ownerUserId: string }, b: { ownerUserId: string }) =>
  a.ownerUserId.length - b.ownerUserId.length ||
  (a.ownerUserId < b.ownerUserId ? -1 : a.ownerUserId > b.ownerUserId ? 1 : 0);

/**
 * One tree: its row, one leaf row per customer (multi-row inserts from arrays, 50,000 per statement, in
 * primary-key order so that the index grows at its end instead of splitting pages all over) and its levels. Every
 * customer has PARTS parts: their positions and amounts go as two flat arrays, cut per row by ordinality.
 */
export async function insertTree(tx: Transaction<Database>, snapshotId: string, tree: BuiltTree): Promise<string> {
  const { id } = await tx
    .insertInto('liabilities_trees')
    .values({
      snapshot_id: snapshotId,
      currency: tree.currency,
      root: Buffer.from(tree.root.hash).toString('hex'),
      total: tree.root.sum,
      leaf_count: tree.leafCount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leaves = [...tree.leaves].sort(byOwner);
  // Array parameters as literals made by one join each (pg's own array encoding quotes every element), and the
  // secrets as one bytea cut by position: the parameters cost the client a tenth of what they did.
  const literal = (values: readonly (string | number | bigint)[]) => `{${values.join(',')}}`;
  for (let start = 0; start < leaves.length; start += leafChunk) {
    const chunk = leaves.slice(start, start + leafChunk);
    await sql`
      INSERT INTO liabilities_leaves
        (tree_id, owner_user_id, account_id, address, nonce, part_positions, part_amounts, balance, wallet,
         withdrawals_pending, unclaimed_transfers)
      SELECT ${id}, o, a, d, substring(${Buffer.concat(chunk.map((l) => l.secret))}::bytea FROM (k::int - 1) * 32 + 1 FOR 32),
             (${literal(chunk.flatMap((l) => l.partPositions))}::int[])[(k::int - 1) * ${PARTS} + 1 : k::int * ${PARTS}],
             (${literal(chunk.flatMap((l) => l.partAmounts))}::bigint[])[(k::int - 1) * ${PARTS} + 1 : k::int * ${PARTS}],
             b, w, h, u
        FROM unnest(${literal(chunk.map((l) => l.ownerUserId))}::bigint[], ${literal(chunk.map((l) => l.accountId))}::bigint[],
                    ${literal(chunk.map((l) => l.address))}::text[], ${literal(chunk.map((l) => l.balance))}::bigint[],
                    ${literal(chunk.map((l) => l.parts.wallet))}::bigint[],
                    ${literal(chunk.map((l) => l.parts.withdrawals_pending))}::bigint[],
                    ${literal(chunk.map((l) => l.parts.unclaimed_transfers))}::bigint[])
             WITH ORDINALITY AS t(o, a, d, b, w, h, u, k)`.execute(tx);
  }
  for (const [level, nodes] of tree.levels.entries()) {
    await tx
      .insertInto('liabilities_tree_levels')
      .values({ tree_id: id, level, nodes: packLevel(nodes) })
      .execute();
  }
  return id;
}

export interface TreeRow {
  id: string;
  snapshot_id: string;
  scheduled_for: Date | null;
  taken_at: Date;
  currency: string;
  root: string;
  total: string;
  leaf_count: number;
  anchor_tx_id: string | null;
  anchor_published_at: Date | null;
  anchor_error: string | null;
  safeguarded: string | null;
  safeguarded_at: Date | null;
}

function treesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('liabilities_trees as t')
    .innerJoin('liabilities_snapshots as s', 's.id', 't.snapshot_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('liabilities_safeguarding as g')
          .select(['g.amount', 'g.recorded_at'])
          .whereRef('g.tree_id', '=', 't.id')
          .orderBy('g.id', 'desc')
          .limit(1)
          .as('g'),
      (join) => join.onTrue(),
    )
    .select([
      't.id',
      't.snapshot_id',
      's.scheduled_for',
      's.taken_at',
      't.currency',
      't.root',
      't.total',
      't.leaf_count',
      't.anchor_tx_id',
      't.anchor_published_at',
      't.anchor_error',
      'g.amount as safeguarded',
      'g.recorded_at as safeguarded_at',
    ]);
}

/** Newest first: the explorer's history, liabilities:list and the back-office's pages. */
export async function listTrees(db: Kysely<Database>, limit: number, offset = 0): Promise<TreeRow[]> {
  return treesQuery(db).orderBy('t.snapshot_id', 'desc').orderBy('t.currency').limit(limit).offset(offset).execute();
}

export async function findTree(
  db: Kysely<Database>,
  snapshotId: string,
  currency: string,
): Promise<TreeRow | undefined> {
  return treesQuery(db).where('t.snapshot_id', '=', snapshotId).where('t.currency', '=', currency).executeTakeFirst();
}

export async function latestSnapshotId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('liabilities_snapshots')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface LeafRow {
  tree_id: string;
  account_id: string;
  address: string | null;
  nonce: Buffer;
  part_positions: number[] | null;
  part_amounts: string[] | null;
  balance: string;
  wallet: string;
  withdrawals_pending: string;
  unclaimed_transfers: string;
  currency: string;
}

/** The user's own leaf rows in a snapshot (one per currency); nobody else's can be asked for. */
export async function findLeaves(db: Kysely<Database>, snapshotId: string, userId: string): Promise<LeafRow[]> {
  return db
    .selectFrom('liabilities_leaves as l')
    .innerJoin('liabilities_trees as t', 't.id', 'l.tree_id')
    .select([
      'l.tree_id',
      'l.account_id',
      'l.address',
      'l.nonce',
      'l.part_positions',
      'l.part_amounts',
      'l.balance',
      'l.wallet',
      'l.withdrawals_pending',
      'l.unclaimed_transfers',
      't.currency',
    ])
    .where('t.snapshot_id', '=', snapshotId)
    .where('l.owner_user_id', '=', userId)
    .orderBy('t.currency')
    .execute();
}

/**
 * The 40-byte siblings of each of `positions`, one per level below the root, read with substring() (no whole level
 * loaded) in one query: `result[i][level]` is the sibling at `level` of the leaf at `positions[i]`.
 */
export async function findSiblings(
  db: Kysely<Database>,
  treeId: string,
  positions: readonly number[],
  depth: number,
): Promise<Buffer[][]> {
  const leaf: number[] = [];
  const levels: number[] = [];
  const offsets: number[] = [];
  positions.forEach((position, i) => {
    for (let level = 0; level < depth; level++) {
      leaf.push(i);
      levels.push(level);
      offsets.push(((position >> level) ^ 1) * 40 + 1);
    }
  });
  const result = await sql<{ leaf: number; node: Buffer }>`
    SELECT o.leaf, substring(v.nodes FROM o.off FOR 40) AS node
      FROM unnest(${leaf}::int[], ${levels}::int[], ${offsets}::int[]) AS o(leaf, level, off)
      JOIN liabilities_tree_levels v ON v.tree_id = ${treeId} AND v.level = o.level
     ORDER BY o.leaf, o.level`.execute(db);
  const out: Buffer[][] = positions.map(() => []);
  for (const row of result.rows) out[row.leaf]?.push(row.node);
  return out;
}

export async function insertSafeguarding(db: Kysely<Database>, treeId: string, amount: bigint): Promise<void> {
  await db.insertInto('liabilities_safeguarding').values({ tree_id: treeId, amount }).execute();
}

export interface AnchorableTree {
  id: string;
  root: string;
  total: string;
  currency: string;
  leaf_count: number;
  taken_at: Date;
  anchor_attempts: number;
}

/** Leases due unpublished trees (SKIP LOCKED, next attempt moved past the lease), like the anchoring outbox. */
export async function leaseUnanchoredTrees(
  db: Kysely<Database>,
  options: { limit: number; leaseSeconds: number; treeIds?: string[] },
): Promise<AnchorableTree[]> {
  const only = options.treeIds ?? null;
  const result = await sql<AnchorableTree>`
    WITH due AS (
      SELECT id FROM liabilities_trees
       WHERE anchor_published_at IS NULL AND anchor_next_attempt_at <= now()
         AND (${only}::bigint[] IS NULL OR id = ANY(${only}::bigint[]))
       ORDER BY anchor_next_attempt_at LIMIT ${options.limit} FOR UPDATE SKIP LOCKED)
    UPDATE liabilities_trees t
       SET anchor_attempts = t.anchor_attempts + 1,
           anchor_next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
      FROM due, liabilities_snapshots s
     WHERE t.id = due.id AND s.id = t.snapshot_id
    RETURNING t.id, t.root, t.total, t.currency, t.leaf_count, s.taken_at, t.anchor_attempts`.execute(db);
  return result.rows;
}

export async function markTreeAnchored(db: Kysely<Database>, treeId: string, txId: string): Promise<void> {
  await db
    .updateTable('liabilities_trees')
    .set({ anchor_tx_id: txId, anchor_published_at: sql<Date>`now()`, anchor_error: null })
    .where('id', '=', treeId)
    .execute();
}

export async function markTreeFailed(
  db: Kysely<Database>,
  treeId: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('liabilities_trees')
    .set({
      anchor_next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
      anchor_error: error.slice(0, 500),
    })
    .where('id', '=', treeId)
    .execute();
}

export async function countTrees(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('liabilities_trees')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * What the journal says was owed to customers in one currency at an instant: every posting to an account of the
 * liability kinds in an entry made up to then. The snapshot checked its total against the balances when taken;
 * this is the same figure recomputed from the journal, so that a total that no longer agrees with it shows.
 */
export async function ledgerOwedAt(
  db: Kysely<Database>,
  kinds: readonly string[],
  currency: string,
  at: Date,
): Promise<string> {
  const { rows } = await sql<{ owed: string }>`
    SELECT coalesce(sum(p.amount), 0)::text AS owed
      FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN ledger_entries e ON e.id = p.entry_id
     WHERE a.kind = ANY(${[...kinds]}::text[]) AND a.currency = ${currency} AND e.created_at <= ${at}`.execute(db);
  return rows[0]?.owed ?? '0';
}
