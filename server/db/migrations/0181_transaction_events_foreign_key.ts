import { sql, type Kysely } from 'kysely';

/**
 * A step of the timeline always belongs to a transaction that exists: a foreign key, so the database
 * states it instead of a test scanning for orphans. Transactions are never deleted in the product (the ledger
 * points at them); ON DELETE CASCADE is for the one place that does delete one, a test cleaning up its own row,
 * whose steps used to stay behind and trip the orphan check of a test file running beside it in the same
 * database (the clean-tree run of session 5). Steps left behind by such deletions before this migration are
 * removed first, as the key could not hold otherwise; a product database has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM transaction_events e
     WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)`.execute(db);
  await sql`
    ALTER TABLE transaction_events
      ADD CONSTRAINT transaction_events_transaction_fk
      FOREIGN KEY (transaction_id) REFERENCES transactions (id) ON DELETE CASCADE`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transaction_events DROP CONSTRAINT transaction_events_transaction_fk`.execute(db);
}
