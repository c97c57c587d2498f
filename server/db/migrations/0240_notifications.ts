import { sql, type Kysely } from 'kysely';

/**
 * In-app notifications and their e-mail/SMS delivery.
 *
 * `notifications`: one row per thing a user is told (a kind and its parameters; the title and body are rendered
 * in the user's language when read, from the typed templates of server/modules/notifications). `read_at` is set
 * by POST /api/notifications/read/.
 *
 * `notification_deliveries`: the outbox of the e-mail or SMS that goes with a notification, written in the same
 * transaction as it and sent afterwards by the delivery worker (leased with SKIP LOCKED, retried with backoff,
 * a dead letter after CHAIN_MAX_ATTEMPTS, like payment_actions). The channel is chosen when it is sent: e-mail to
 * a confirmed address, else SMS to the phone the user signs in with, else nothing.
 *
 * `notify_user()` writes both; the services call it through notify() (server/modules/notifications), and the
 * trigger below calls it for the steps of a transaction's timeline, so a transfer's notifications are written in
 * the very transaction that moved the money, whatever wrote the step (wallet_send()'s one round trip included):
 * never lost when the money moved, never written twice when a retry rolled the first attempt back.
 *
 * Transfer steps notified (to whom, kind):
 *   received (a transfer to a registered user) and claimed -> the recipient, `money_received`;
 *   paid_out -> the withdrawal's owner, `withdrawal_paid_out`; collected -> the pickup's sender, `pickup_collected`;
 *   cancelled / refunded / expired -> the sender, `transfer_cancelled` / `transfer_refunded` / `transfer_expired`.
 * Parameters: `amount` (minor units, text), `currency`, `name` (the other party: the sender's name for money
 * received, the pickup's recipient, the agency of a withdrawal, the contact of a transfer) and `transaction_kind`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,48}$'),
      transaction_id bigint REFERENCES transactions (id) ON DELETE CASCADE,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
  await sql`CREATE INDEX notifications_transaction_idx ON notifications (transaction_id)
    WHERE transaction_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE notification_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      notification_id bigint NOT NULL UNIQUE REFERENCES notifications (id) ON DELETE CASCADE,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      channel text CHECK (channel IN ('email', 'sms', 'none')),
      done_at timestamptz,
      dead_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at)
    WHERE done_at IS NULL AND dead_at IS NULL`.execute(db);
  await sql`CREATE INDEX notification_deliveries_dead_idx ON notification_deliveries (dead_at)
    WHERE dead_at IS NOT NULL`.execute(db);

  await sql`
    CREATE FUNCTION notify_user(p_user bigint, p_kind text, p_transaction bigint, p_params jsonb, p_deliver boolean)
    RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      v_id bigint;
    BEGIN
      INSERT INTO notifications (user_id, kind, transaction_id, params)
      VALUES (p_user, p_kind, p_transaction, coalesce(p_params, '{}'::jsonb))
      RETURNING id INTO v_id;
      IF p_deliver THEN
        INSERT INTO notification_deliveries (notification_id) VALUES (v_id);
      END IF;
      RETURN v_id;
    END $$`.execute(db);

  await sql`
    CREATE FUNCTION notify_transaction_step() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      t transactions%ROWTYPE;
      v_name text;
      v_params jsonb;
    BEGIN
      IF NEW.status NOT IN ('received', 'claimed', 'paid_out', 'collected', 'cancelled', 'refunded', 'expired') THEN
        RETURN NULL;
      END IF;
      SELECT * INTO t FROM transactions WHERE id = NEW.transaction_id;
      IF NOT FOUND OR t.kind = 'exchange' THEN
        RETURN NULL;
      END IF;
      IF NEW.status IN ('received', 'claimed') THEN
        IF t.kind <> 'transfer' OR t.recipient_user_id IS NULL OR t.sender_user_id IS NULL THEN
          RETURN NULL;
        END IF;
        SELECT trim(u.first_name || ' ' || u.last_name) INTO v_name FROM users u WHERE u.id = t.sender_user_id;
      ELSIF t.sender_user_id IS NULL THEN
        RETURN NULL;
      ELSIF t.kind = 'pickup' THEN
        SELECT trim(p.recipient_first_name || ' ' || p.recipient_last_name) INTO v_name
          FROM pickups p WHERE p.transaction_id = t.id;
      ELSE
        SELECT trim(c.first_name || ' ' || c.last_name) INTO v_name FROM contacts c WHERE c.id = t.contact_id;
        v_name := coalesce(nullif(v_name, ''), t.recipient_email, t.recipient_phone_number);
      END IF;
      v_params := jsonb_build_object('amount', t.amount::text, 'currency', t.currency, 'name', coalesce(v_name, ''),
                                     'transaction_kind', t.kind);
      PERFORM notify_user(
        CASE WHEN NEW.status IN ('received', 'claimed') THEN t.recipient_user_id ELSE t.sender_user_id END,
        CASE NEW.status
          WHEN 'received' THEN 'money_received'
          WHEN 'claimed' THEN 'money_received'
          WHEN 'paid_out' THEN 'withdrawal_paid_out'
          WHEN 'collected' THEN 'pickup_collected'
          WHEN 'cancelled' THEN 'transfer_cancelled'
          WHEN 'refunded' THEN 'transfer_refunded'
          ELSE 'transfer_expired'
        END,
        t.id, v_params, true);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER transaction_events_notify AFTER INSERT ON transaction_events
    FOR EACH ROW EXECUTE FUNCTION notify_transaction_step()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER transaction_events_notify ON transaction_events`.execute(db);
  await sql`DROP FUNCTION notify_transaction_step()`.execute(db);
  await sql`DROP FUNCTION notify_user(bigint, text, bigint, jsonb, boolean)`.execute(db);
  await sql`DROP TABLE notification_deliveries`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
}
