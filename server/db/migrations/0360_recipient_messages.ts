import { sql, type Kysely } from 'kysely';

/**
 * Messages to a recipient who has no account yet (Unregistered recipients).
 *
 * `recipient_messages`: an outbox of SMS/e-mails to the phone or address a transfer waits for. A trigger on
 * `transactions` queues the invitation in the same transaction the transfer becomes `unclaimed` (wallet_send(),
 * or a compliance hold approved later), with the sender's `transfer_invited` notification; the worker
 * (recipient-messages.worker.ts) sends it by SMS when there is a phone, else by e-mail, in the sender's language
 * and Arabic, with a sign-up link prefilled, retried with the other outboxes' backoff and dead letters. One row per
 * transfer and kind (UNIQUE): a status that goes back and forth never invites twice. `reminder` is the message
 * before the claim window ends (expiry-reminders.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE recipient_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('invitation', 'reminder')),
      channel text CHECK (channel IN ('sms', 'email', 'none')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      done_at timestamptz,
      dead_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (transaction_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX recipient_messages_due_idx ON recipient_messages (next_attempt_at)
    WHERE done_at IS NULL AND dead_at IS NULL`.execute(db);

  await sql`
    CREATE FUNCTION queue_recipient_invitation() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_name text;
      v_id bigint;
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.status = 'unclaimed' THEN
        RETURN NULL;
      END IF;
      IF NEW.kind <> 'transfer' OR NEW.sender_user_id IS NULL
         OR (NEW.recipient_phone_number IS NULL AND NEW.recipient_email IS NULL) THEN
        RETURN NULL;
      END IF;
      INSERT INTO recipient_messages (transaction_id, kind) VALUES (NEW.id, 'invitation')
      ON CONFLICT DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        RETURN NULL;
      END IF;
      SELECT trim(c.first_name || ' ' || c.last_name) INTO v_name FROM contacts c WHERE c.id = NEW.contact_id;
      PERFORM notify_user(NEW.sender_user_id, 'transfer_invited', NEW.id,
        jsonb_build_object('amount', NEW.amount::text, 'currency', NEW.currency,
                           'name', coalesce(nullif(v_name, ''), NEW.recipient_phone_number, NEW.recipient_email),
                           'transaction_kind', NEW.kind),
        true);
      RETURN NULL;
    END $$`.execute(db);
  // The WHEN keeps every other write of a transaction (the send path's hot rows) free of any call.
  await sql`CREATE TRIGGER transactions_invite_recipient AFTER INSERT OR UPDATE OF status ON transactions
    FOR EACH ROW WHEN (NEW.status = 'unclaimed') EXECUTE FUNCTION queue_recipient_invitation()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER transactions_invite_recipient ON transactions`.execute(db);
  await sql`DROP FUNCTION queue_recipient_invitation()`.execute(db);
  await sql`DROP TABLE recipient_messages`.execute(db);
}
