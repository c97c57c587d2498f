import { sql, type Kysely } from 'kysely';

/**
 * Proof of liabilities, tree version 2 (ADR 012): a customer's balance is split into several leaves at random
 * positions, and the leaves commit to the customer's wallet address with a secret of the snapshot.
 *
 * A leaf row stays one per customer and tree; it now also holds the wallet address its leaves commit to, the
 * positions of its parts and their amounts (same order: part 0 first). `nonce` is that secret (32 bytes, as
 * before). `position` is kept for the version 1 trees already published, whose rows have it and no parts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE liabilities_leaves
      ALTER COLUMN position DROP NOT NULL,
      ADD COLUMN address text CHECK (address ~ '^0x[0-9a-f]{40}$'),
      ADD COLUMN part_positions integer[],
      ADD COLUMN part_amounts bigint[],
      ADD CONSTRAINT liabilities_leaves_version_shape CHECK (
        (position IS NOT NULL AND part_positions IS NULL AND part_amounts IS NULL AND address IS NULL)
        OR (position IS NULL AND address IS NOT NULL AND cardinality(part_positions) >= 1
            AND cardinality(part_positions) = cardinality(part_amounts)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM liabilities_leaves WHERE position IS NULL`.execute(db);
  await sql`
    ALTER TABLE liabilities_leaves
      DROP CONSTRAINT liabilities_leaves_version_shape,
      DROP COLUMN part_amounts,
      DROP COLUMN part_positions,
      DROP COLUMN address,
      ALTER COLUMN position SET NOT NULL`.execute(db);
}
