import { sql, type Kysely } from 'kysely';

/**
 * Calls to the card provider decided by a webhook (refund a payment, cancel a
 * subscription) are recorded in the webhook's transaction and performed afterwards from this outbox, like the
 * anchoring jobs of `chain_outbox` (leased with SKIP LOCKED, retried with backoff). A provider call made inside the
 * transaction could succeed while the commit failed, and its retry days later be refused ('already refunded').
 * `idempotency_key` is the provider's key too, and unique here, so recording an intent twice is recording it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_actions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('refund', 'cancel_subscription')),
      provider text NOT NULL,
      target text NOT NULL,
      idempotency_key text NOT NULL UNIQUE,
      reason text NOT NULL,
      session_id text,
      event_id text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      done_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payment_actions_due_idx ON payment_actions (next_attempt_at) WHERE done_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_actions`.execute(db);
}
