import { sql, type Kysely } from 'kysely';

/**
 * The public ledger. Two tables:
 *
 * - `chain_outbox`: one anchoring job per completed transaction, written in the same database transaction as its
 *   ledger entry (so a committed transfer always gets anchored, and a rolled-back one never is). Workers lease
 *   due jobs with FOR UPDATE SKIP LOCKED; a published job keeps its `tx_id` and `published_at` (anchoring lag).
 * - `chain_records`: the built-in local ledger, used when no network is configured: append-only, hash-chained
 *   (each record's hash covers its payload and the previous hash) and signed with the platform's Ed25519 key.
 *   A record id appears once, so publishing again after a crash returns the existing record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chain_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES transactions (id),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      tx_id text,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chain_outbox_due_idx ON chain_outbox (next_attempt_at)
    WHERE published_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE chain_records (
      seq bigint PRIMARY KEY CHECK (seq > 0),
      record_id text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      prev_hash text NOT NULL,
      hash text NOT NULL UNIQUE,
      signature text NOT NULL,
      from_address text GENERATED ALWAYS AS (payload ->> 'from') STORED,
      to_address text GENERATED ALWAYS AS (payload ->> 'to') STORED,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chain_records_from_idx ON chain_records (from_address, seq DESC)`.execute(db);
  await sql`CREATE INDEX chain_records_to_idx ON chain_records (to_address, seq DESC)`.execute(db);
  // Same refusal as the money ledger's (ledger_reject_change, migration 0002): a record is never changed.
  await sql`CREATE TRIGGER chain_records_append_only BEFORE UPDATE OR DELETE ON chain_records
            FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);
  await sql`CREATE TRIGGER chain_records_no_truncate BEFORE TRUNCATE ON chain_records
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS chain_records`.execute(db);
  await sql`DROP TABLE IF EXISTS chain_outbox`.execute(db);
}
