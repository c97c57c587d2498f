import { sql, type Kysely } from 'kysely';

/**
 * The work a transaction's INSERT sets off, in fewer PL/pgSQL calls and statements. Same rows, same order, same
 * transaction; only how they are written changes:
 *
 * - One AFTER INSERT trigger on `transactions` (`transactions_events_insert`, its name kept so it still fires
 *   before `transactions_invite_recipient`) runs `transactions_on_insert()`, which writes the timeline's first
 *   steps, queues the monitoring pass (transfers and pickups) and the receipt mail (a completed transfer or
 *   exchange to a verified e-mail): one PL/pgSQL call per send instead of three. `transactions_receipt_mail_update`
 *   and `queue_receipt_mail()` stay for the UPDATEs.
 * - `transaction_events_notify` fires only for the steps `notify_transaction_step()` notifies (a WHEN clause with
 *   the function's own list), so the 'created' and 'anchored' steps start no PL/pgSQL call at all.
 * - The notification and its deliveries are one statement (notify_user() and notify_transaction_step(), whose
 *   current text is in server/db/sql).
 *
 * transactions_on_insert() is created here in its first version (server/db/sql/transactions_on_insert.sql holds
 * the current one, with the triggers).
 */

/** The steps notify_transaction_step() acts on (0240, 0330): the WHEN below must list the same. */
const notifiedSteps = `'received', 'claimed', 'paid_out', 'collected', 'cancelled', 'refunded', 'expired', 'on_hold'`;

/** 0180's first steps of a transaction's timeline: 'created', then the step the row starts in, if it is one. */
const timelineFirstSteps = `IF v_step IS NULL THEN
        INSERT INTO transaction_events (transaction_id, status, at) VALUES (NEW.id, 'created', NEW.created_at);
      ELSE
        INSERT INTO transaction_events (transaction_id, status, reason, at)
        VALUES (NEW.id, 'created', NULL, NEW.created_at),
               (NEW.id, v_step, CASE WHEN v_step = 'on_hold' THEN
                  nullif(current_setting('wallet.event_reason', true), '') END, NEW.created_at);
      END IF;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION transactions_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_step text := transaction_event_of(NEW.status);
    BEGIN
      -- The timeline (0180): 'created', then the step the row starts in, if it is one.
      ${sql.raw(timelineFirstSteps)}
      -- The monitoring pass's queue (0340).
      IF NEW.kind IN ('transfer', 'pickup') THEN
        INSERT INTO monitoring_queue (transaction_id) VALUES (NEW.id);
      END IF;
      -- The receipt mail (0350), as queue_receipt_mail() writes it on an UPDATE.
      IF NEW.status = 'completed' AND NEW.kind IN ('transfer', 'exchange') THEN
        INSERT INTO receipt_mails (transaction_id, user_id)
        SELECT NEW.id, u.id FROM users u
         WHERE u.id = CASE WHEN NEW.kind = 'exchange' THEN NEW.recipient_user_id ELSE NEW.sender_user_id END
           AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
        ON CONFLICT (transaction_id) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER transactions_monitoring_enqueue ON transactions`.execute(db);
  await sql`DROP TRIGGER transactions_receipt_mail_insert ON transactions`.execute(db);
  await sql`DROP TRIGGER transactions_events_insert ON transactions`.execute(db);
  await sql`CREATE TRIGGER transactions_events_insert AFTER INSERT ON transactions
    FOR EACH ROW EXECUTE FUNCTION transactions_on_insert()`.execute(db);
  await sql`DROP FUNCTION monitoring_enqueue()`.execute(db);
  await sql`DROP FUNCTION transaction_events_on_insert()`.execute(db);

  await sql`DROP TRIGGER transaction_events_notify ON transaction_events`.execute(db);
  await sql`CREATE TRIGGER transaction_events_notify AFTER INSERT ON transaction_events
    FOR EACH ROW WHEN (NEW.status IN (${sql.raw(notifiedSteps)})) EXECUTE FUNCTION notify_transaction_step()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER transaction_events_notify ON transaction_events`.execute(db);
  await sql`CREATE TRIGGER transaction_events_notify AFTER INSERT ON transaction_events
    FOR EACH ROW EXECUTE FUNCTION notify_transaction_step()`.execute(db);

  await sql`
    CREATE FUNCTION transaction_events_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_step text := transaction_event_of(NEW.status);
    BEGIN
      ${sql.raw(timelineFirstSteps)}
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION monitoring_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO monitoring_queue (transaction_id) VALUES (NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER transactions_events_insert ON transactions`.execute(db);
  await sql`CREATE TRIGGER transactions_events_insert AFTER INSERT ON transactions
    FOR EACH ROW EXECUTE FUNCTION transaction_events_on_insert()`.execute(db);
  await sql`CREATE TRIGGER transactions_monitoring_enqueue AFTER INSERT ON transactions
    FOR EACH ROW WHEN (NEW.kind IN ('transfer', 'pickup')) EXECUTE FUNCTION monitoring_enqueue()`.execute(db);
  await sql`CREATE TRIGGER transactions_receipt_mail_insert AFTER INSERT ON transactions
    FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.kind IN ('transfer', 'exchange'))
    EXECUTE FUNCTION queue_receipt_mail()`.execute(db);
  await sql`DROP FUNCTION transactions_on_insert()`.execute(db);
}
