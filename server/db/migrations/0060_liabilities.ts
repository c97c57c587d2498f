import { sql, type Kysely } from 'kysely';

/**
 * Proof of liabilities (ADR 012).
 *
 * - `liabilities_snapshots`: one reading of the ledger; `scheduled_for` is the cron slot it answers (unique, so
 *   several processes take a slot's snapshot once), NULL for one taken by hand.
 * - `liabilities_trees`: one Merkle sum tree per currency of a snapshot: root, total, leaf count, and its own
 *   anchoring outbox columns (the record id on the chain is the root).
 * - `liabilities_leaves`: one per customer and tree: the random nonce, the balance and what it is made of.
 *   Private: only the customer's own leaf is ever served.
 * - `liabilities_tree_levels`: each level of a tree as one bytea of 40-byte nodes (hash || u64be sum), stored
 *   uncompressed so that substring() reads a proof's siblings without loading the level.
 * - `liabilities_safeguarding`: the safeguarding bank account's balance an operator entered for a tree
 *   (append-only; the latest one counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE liabilities_snapshots (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      scheduled_for timestamptz UNIQUE,
      taken_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE liabilities_trees (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      snapshot_id bigint NOT NULL REFERENCES liabilities_snapshots (id),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      root text NOT NULL UNIQUE CHECK (root ~ '^[0-9a-f]{64}$'),
      total bigint NOT NULL CHECK (total >= 0),
      leaf_count integer NOT NULL CHECK (leaf_count >= 1),
      anchor_attempts integer NOT NULL DEFAULT 0,
      anchor_next_attempt_at timestamptz NOT NULL DEFAULT now(),
      anchor_error text,
      anchor_tx_id text,
      anchor_published_at timestamptz,
      UNIQUE (snapshot_id, currency)
    )`.execute(db);
  await sql`CREATE INDEX liabilities_trees_anchor_due_idx ON liabilities_trees (anchor_next_attempt_at)
    WHERE anchor_published_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE liabilities_leaves (
      tree_id bigint NOT NULL REFERENCES liabilities_trees (id),
      owner_user_id bigint NOT NULL,
      account_id bigint NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      nonce bytea NOT NULL CHECK (length(nonce) = 32),
      balance bigint NOT NULL CHECK (balance >= 0),
      wallet bigint NOT NULL CHECK (wallet >= 0),
      withdrawals_pending bigint NOT NULL CHECK (withdrawals_pending >= 0),
      unclaimed_transfers bigint NOT NULL CHECK (unclaimed_transfers >= 0),
      CHECK (balance = wallet + withdrawals_pending + unclaimed_transfers),
      PRIMARY KEY (tree_id, owner_user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE liabilities_tree_levels (
      tree_id bigint NOT NULL REFERENCES liabilities_trees (id),
      level smallint NOT NULL CHECK (level >= 0),
      nodes bytea NOT NULL CHECK (length(nodes) % 40 = 0),
      PRIMARY KEY (tree_id, level)
    )`.execute(db);
  await sql`ALTER TABLE liabilities_tree_levels ALTER COLUMN nodes SET STORAGE EXTERNAL`.execute(db);
  await sql`
    CREATE TABLE liabilities_safeguarding (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      tree_id bigint NOT NULL REFERENCES liabilities_trees (id),
      amount bigint NOT NULL CHECK (amount >= 0),
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX liabilities_safeguarding_tree_idx ON liabilities_safeguarding (tree_id, id DESC)`.execute(db);
  // A published snapshot is evidence: its leaves, levels and safeguarding entries are never edited.
  for (const table of ['liabilities_leaves', 'liabilities_tree_levels', 'liabilities_safeguarding']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
              FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'liabilities_safeguarding',
    'liabilities_tree_levels',
    'liabilities_leaves',
    'liabilities_trees',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS liabilities_snapshots`.execute(db);
}
