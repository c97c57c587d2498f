import { sql, type Kysely } from 'kysely';

/**
 * A snapshot of 100,000 accounts must take under 10 s: the leaves' foreign key to their tree was checked row by row
 * (100,000 referential-integrity lookups in the snapshot's transaction: 1.6 s of a 4.4 s insert on this machine
 * under load). Leaves are written only by insertTree, in the transaction that inserts their tree, and trees are
 * never deleted; the leaves are append-only (0060). The levels keep theirs (18 rows a tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE liabilities_leaves DROP CONSTRAINT IF EXISTS liabilities_leaves_tree_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE liabilities_leaves ADD CONSTRAINT liabilities_leaves_tree_id_fkey
    FOREIGN KEY (tree_id) REFERENCES liabilities_trees (id)`.execute(db);
}
