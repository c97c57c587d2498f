import { sql, type Kysely } from 'kysely';

/**
 * Payouts through a partner: a deposit to the recipient's Moroccan bank account (and, later, a mobile wallet).
 *
 * - Ledger: `bank_payouts_pending` (MAD, never below zero) holds a deposit's money from the send until the bank's
 *   report; `payout_settlement` (MAD, no floor) is what the partner paid out for us, to be settled with it.
 * - `transactions.kind` gains `payout`: from the sender to a recipient's contact, `processing` at the send,
 *   `submitted` once in a payment file, then `completed` or `refunded` (returned to the sender).
 * - `payouts`: the method's facts, one row per payout transaction: the RIB and the holder's name as the file
 *   carries them, the expected arrival date, confirmation of payee's answer, the file it went out in, and the
 *   bank's reason when it came back.
 * - `payout_files`: one row per payment file written (its message id is the file's, unique).
 */

/** A CHECK constraint widened by an alternative, from its current definition (other migrations' changes kept). */
async function widen(db: Kysely<unknown>, name: string, alternative: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'transactions'::regclass AND conname = ${name}`.execute(db);
  const def = rows[0]?.def;
  if (def === undefined || !def.startsWith('CHECK ')) throw new Error(`no constraint ${name} on transactions`);
  const body = def.slice('CHECK '.length);
  await sql
    .raw(`ALTER TABLE transactions DROP CONSTRAINT ${name}, ADD CONSTRAINT ${name} CHECK (${body} OR (${alternative}))`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO ledger_account_kinds (kind, has_floor) VALUES ('bank_payouts_pending', true),
            ('payout_settlement', false)`.execute(db);
  await sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('bank_payouts_pending', 'MAD'), ('payout_settlement', 'MAD')
            ON CONFLICT (kind, currency) WHERE kind NOT IN ('customer_wallet', 'agency_cash') DO NOTHING`.execute(db);

  await widen(db, 'transactions_kind_check', "kind = 'payout'");
  await widen(db, 'transactions_status_check', "status IN ('processing', 'submitted')");
  await widen(
    db,
    'transactions_kind_status',
    "kind = 'payout' AND status IN ('processing', 'submitted', 'completed', 'refunded')",
  );
  await widen(db, 'transactions_parties', "kind = 'payout' AND sender_user_id IS NOT NULL AND contact_id IS NOT NULL");

  await sql`
    CREATE TABLE payout_files (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      message_id text NOT NULL UNIQUE,
      deposits integer NOT NULL CHECK (deposits > 0),
      control_sum_minor bigint NOT NULL CHECK (control_sum_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE payouts (
      transaction_id bigint PRIMARY KEY REFERENCES transactions (id),
      method text NOT NULL CHECK (method IN ('bank_deposit')),
      rib text CHECK (rib ~ '^[0-9]{24}$'),
      holder_name text NOT NULL,
      expected_arrival date,
      execution_date date,
      payee_check text NOT NULL CHECK (payee_check IN ('match', 'close_match', 'no_match', 'unavailable')),
      bank_holder_name text,
      file_id bigint REFERENCES payout_files (id),
      reason text CHECK (reason ~ '^[A-Za-z0-9_]{1,35}$'),
      CHECK ((method = 'bank_deposit') = (rib IS NOT NULL))
    )`.execute(db);
  // The export's question: the deposits not in a file yet.
  await sql`CREATE INDEX payouts_unexported_idx ON payouts (transaction_id) WHERE file_id IS NULL`.execute(db);
  await sql`CREATE INDEX payouts_file_idx ON payouts (file_id) WHERE file_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payouts`.execute(db);
  await sql`DROP TABLE payout_files`.execute(db);
}
