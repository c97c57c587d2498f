import { sql, type Kysely } from 'kysely';

/**
 * An outbox job (anchoring, provider refund/cancellation) is no longer retried for ever. After
 * CHAIN_MAX_ATTEMPTS failed attempts it becomes a dead letter: `dead_at` is set, the workers stop leasing it, the
 * worker logs it once, and `npm run admin -- outbox:dead` lists it (`outbox:retry` puts it back in the queue).
 * The due indexes leave dead letters out, so they cost the workers' polling nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_outbox ADD COLUMN dead_at timestamptz`.execute(db);
  await sql`ALTER TABLE payment_actions ADD COLUMN dead_at timestamptz`.execute(db);
  await sql`DROP INDEX IF EXISTS chain_outbox_due_idx`.execute(db);
  await sql`CREATE INDEX chain_outbox_due_idx ON chain_outbox (next_attempt_at)
    WHERE published_at IS NULL AND dead_at IS NULL`.execute(db);
  await sql`CREATE INDEX chain_outbox_dead_idx ON chain_outbox (dead_at) WHERE dead_at IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_actions_due_idx`.execute(db);
  await sql`CREATE INDEX payment_actions_due_idx ON payment_actions (next_attempt_at)
    WHERE done_at IS NULL AND dead_at IS NULL`.execute(db);
  await sql`CREATE INDEX payment_actions_dead_idx ON payment_actions (dead_at) WHERE dead_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payment_actions_dead_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS chain_outbox_dead_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS payment_actions_due_idx`.execute(db);
  await sql`CREATE INDEX payment_actions_due_idx ON payment_actions (next_attempt_at) WHERE done_at IS NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS chain_outbox_due_idx`.execute(db);
  await sql`CREATE INDEX chain_outbox_due_idx ON chain_outbox (next_attempt_at) WHERE published_at IS NULL`.execute(db);
  await sql`ALTER TABLE payment_actions DROP COLUMN dead_at`.execute(db);
  await sql`ALTER TABLE chain_outbox DROP COLUMN dead_at`.execute(db);
}
