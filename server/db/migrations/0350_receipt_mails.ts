import { sql, type Kysely } from 'kysely';

/**
 * The receipt by e-mail: when a send or a top-up completes, its payer, if they proved an e-mail
 * address, gets the receipt PDF attached.
 *
 * `receipt_mails` is the outbox: one row per transaction (its primary key: queued once, whatever path or retry
 * completed it), written by a trigger on `transactions` in the money's own database transaction, so no code path
 * (wallet_send()'s one round trip, the general path, a claim, a pickup collected, a hold released, a top-up's
 * webhook) can complete a payment without queuing its receipt, and a rolled-back payment queues nothing. The
 * worker (server/modules/receipts/receipt-mail.worker.ts) leases rows like the other outboxes (attempts,
 * next_attempt_at, done_at, dead_at), renders the PDF in the payer's language of the moment and mails it.
 *
 * Completes: a transfer completed (a registered recipient, or a hold released) or claimed (an unregistered
 * recipient signed up), a cash pickup collected, a top-up completed. The triggers fire only on those rows (WHEN),
 * so any other insert or update costs nothing.
 *
 * `dev_outbox.attachments`: the built-in mail keeps what a real one would attach (file name, type, base64).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE receipt_mails (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES transactions (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      done_at timestamptz,
      dead_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX receipt_mails_due_idx ON receipt_mails (next_attempt_at)
    WHERE done_at IS NULL AND dead_at IS NULL`.execute(db);

  await sql`
    CREATE FUNCTION queue_receipt_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO receipt_mails (transaction_id, user_id)
      SELECT NEW.id, u.id FROM users u
       WHERE u.id = CASE WHEN NEW.kind = 'exchange' THEN NEW.recipient_user_id ELSE NEW.sender_user_id END
         AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
      ON CONFLICT (transaction_id) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER transactions_receipt_mail_insert AFTER INSERT ON transactions
    FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.kind IN ('transfer', 'exchange'))
    EXECUTE FUNCTION queue_receipt_mail()`.execute(db);
  await sql`CREATE TRIGGER transactions_receipt_mail_update AFTER UPDATE OF status ON transactions
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (
      (NEW.kind = 'transfer' AND NEW.status IN ('completed', 'claimed'))
      OR (NEW.kind = 'pickup' AND NEW.status = 'collected')
      OR (NEW.kind = 'exchange' AND NEW.status = 'completed')))
    EXECUTE FUNCTION queue_receipt_mail()`.execute(db);

  await sql`ALTER TABLE dev_outbox ADD COLUMN attachments jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE dev_outbox DROP COLUMN attachments`.execute(db);
  await sql`DROP TRIGGER transactions_receipt_mail_update ON transactions`.execute(db);
  await sql`DROP TRIGGER transactions_receipt_mail_insert ON transactions`.execute(db);
  await sql`DROP FUNCTION queue_receipt_mail()`.execute(db);
  await sql`DROP TABLE receipt_mails`.execute(db);
}
