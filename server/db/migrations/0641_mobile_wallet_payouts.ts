import { sql, type Kysely } from 'kysely';

/**
 * Mobile wallet payouts (ADR 023), the second method through a partner, beside the bank deposit:
 *
 * - Ledger: `mobile_payouts_pending` (MAD, never below zero) holds a payout's money from the send until the wallet
 *   operator's callback; on completion it goes on to `payout_settlement`, as a bank deposit's does.
 * - `payouts` takes `method = 'mobile_wallet'`: the recipient's Moroccan mobile number (`wallet_phone`, checked
 *   here as the send checks it), the operator's reference once it accepted the request. Confirmation of payee is a
 *   bank's answer: a wallet payout has none (`payee_check` is null for it, still required for a deposit).
 * - `wallet_payout_dispatches`: the outbox of requests to the operator, written with the send in its transaction,
 *   leased, retried with backoff and given up like the other outboxes (server/jobs/outbox-queue.ts). One row per
 *   payout (unique), so a crash after the commit neither loses the request nor makes a second one.
 * - `transaction_events` records `submitted` (the partner has the payout: 'sent to the wallet', or to the bank).
 */

/** A CHECK constraint widened by an alternative, from its current definition (other migrations' changes kept). */
async function widen(db: Kysely<unknown>, table: string, name: string, alternative: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = ${table}::regclass AND conname = ${name}`.execute(db);
  const def = rows[0]?.def;
  if (def === undefined || !def.startsWith('CHECK ')) throw new Error(`no constraint ${name} on ${table}`);
  const body = def.slice('CHECK '.length);
  await sql
    .raw(`ALTER TABLE ${table} DROP CONSTRAINT ${name}, ADD CONSTRAINT ${name} CHECK (${body} OR (${alternative}))`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO ledger_account_kinds (kind, has_floor) VALUES ('mobile_payouts_pending', true)`.execute(db);
  await sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('mobile_payouts_pending', 'MAD')
            ON CONFLICT (kind, currency) WHERE kind NOT IN ('customer_wallet', 'agency_cash') DO NOTHING`.execute(db);

  await widen(db, 'payouts', 'payouts_method_check', "method = 'mobile_wallet'");
  await sql`
    ALTER TABLE payouts
      ALTER COLUMN payee_check DROP NOT NULL,
      ADD COLUMN wallet_phone text CHECK (wallet_phone ~ '^\\+212[67][0-9]{8}$'),
      ADD COLUMN partner_reference text CHECK (length(partner_reference) BETWEEN 1 AND 100),
      ADD CONSTRAINT payouts_wallet_phone CHECK ((method = 'mobile_wallet') = (wallet_phone IS NOT NULL)),
      ADD CONSTRAINT payouts_deposit_payee_check CHECK (method <> 'bank_deposit' OR payee_check IS NOT NULL)`.execute(
    db,
  );

  await sql`
    CREATE TABLE wallet_payout_dispatches (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES transactions (id),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      done_at timestamptz,
      dead_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX wallet_payout_dispatches_due_idx ON wallet_payout_dispatches (next_attempt_at)
            WHERE done_at IS NULL AND dead_at IS NULL`.execute(db);

  await widen(db, 'transaction_events', 'transaction_events_status_check', "status = 'submitted'");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE wallet_payout_dispatches`.execute(db);
  await sql`ALTER TABLE payouts DROP COLUMN wallet_phone, DROP COLUMN partner_reference`.execute(db);
}
