import { sql, type Kysely } from 'kysely';

/**
 * The work a transaction's INSERT sets off, in fewer PL/pgSQL calls and statements (issue 13, ADR 010 "A send's
 * own database cost"). Same rows, same order, same transaction; only how they are written changes:
 *
 * - One AFTER INSERT trigger on `transactions` (`transactions_events_insert`, its name kept so it still fires
 *   before `transactions_invite_recipient`) runs `transactions_on_insert()`, which writes the timeline's first
 *   steps (0180), queues the monitoring pass (0340: transfers and pickups) and the receipt mail (0350: a completed
 *   transfer or exchange to a verified e-mail). Three trigger calls per send were three PL/pgSQL calls; now one.
 *   `transactions_receipt_mail_update` and `queue_receipt_mail()` stay for the UPDATEs.
 * - `transaction_events_notify` fires only for the steps `notify_transaction_step()` notifies (a WHEN clause with
 *   the function's own list), so the 'created' step of every transaction and every 'anchored' step no longer
 *   start a PL/pgSQL call that returns at once. A step added to the function's list must be added to the WHEN.
 * - The notification and its deliveries (in-app row, the e-mail/SMS outbox row, one per push subscription unless
 *   the user turned push off) are one statement, in `notify_user()` and inline in `notify_transaction_step()`
 *   (instead of calling `notify_user()`: one PL/pgSQL call and three statements less per notified step).
 *
 * `notify_transaction_step()` is patched in place (as 0330 does), keeping its recipient and kind expressions.
 */
const stepSignature = 'notify_transaction_step()';

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

const callStart = 'PERFORM notify_user(\n';
const callEnd = ',\n        t.id, v_params, true);';

async function stepDefinition(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${stepSignature}::regprocedure) AS def`.execute(
    db,
  );
  return rows[0]?.def ?? '';
}

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

  await sql`
    CREATE OR REPLACE FUNCTION notify_user(p_user bigint, p_kind text, p_transaction bigint, p_params jsonb,
                                           p_deliver boolean)
    RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      v_id bigint;
    BEGIN
      -- The notification, its e-mail/SMS outbox row and one row per push subscription (unless push is off).
      WITH n AS (
        INSERT INTO notifications (user_id, kind, transaction_id, params)
        VALUES (p_user, p_kind, p_transaction, coalesce(p_params, '{}'::jsonb))
        RETURNING id
      ), d AS (
        INSERT INTO notification_deliveries (notification_id, push_subscription_id)
        SELECT n.id, NULL FROM n WHERE p_deliver
        UNION ALL
        SELECT n.id, s.id FROM n CROSS JOIN push_subscriptions s
         WHERE p_deliver AND s.user_id = p_user
           AND coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = p_user), true)
      )
      SELECT id INTO v_id FROM n;
      RETURN v_id;
    END $$`.execute(db);

  const def = await stepDefinition(db);
  const start = def.indexOf(callStart);
  const end = def.indexOf(callEnd, start);
  if (start < 0 || end < 0) throw new Error(`${stepSignature} has no notify_user() call: cannot patch it`);
  const [userExpr, kindExpr] = splitOnce(def.slice(start + callStart.length, end), ',\n');
  const inline = `-- notify_user()'s work inline, in one statement (migration 0442).
      WITH n AS (
        INSERT INTO notifications (user_id, kind, transaction_id, params)
        VALUES (${userExpr.trim()},
        ${kindExpr.trim()},
        t.id, v_params)
        RETURNING id, user_id
      )
      INSERT INTO notification_deliveries (notification_id, push_subscription_id)
      SELECT n.id, NULL FROM n
      UNION ALL
      SELECT n.id, s.id FROM n JOIN push_subscriptions s ON s.user_id = n.user_id
       WHERE coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = n.user_id), true);`;
  await sql.raw(def.slice(0, start) + inline + def.slice(end + callEnd.length)).execute(db);
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  if (at < 0) throw new Error(`${stepSignature}: unexpected notify_user() arguments`);
  return [text.slice(0, at), text.slice(at + separator.length)];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const def = await stepDefinition(db);
  const start = def.indexOf("-- notify_user()'s work inline");
  const valuesAt = def.indexOf('VALUES (', start);
  const kindEnd = def.indexOf(',\n        t.id, v_params)', valuesAt);
  const end = def.indexOf('true);', kindEnd) + 'true);'.length;
  const [userExpr, kindExpr] = splitOnce(def.slice(valuesAt + 'VALUES ('.length, kindEnd), ',\n');
  await sql
    .raw(
      def.slice(0, start) +
        `${callStart}        ${userExpr.trim()},\n        ${kindExpr.trim()}${callEnd}` +
        def.slice(end),
    )
    .execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION notify_user(p_user bigint, p_kind text, p_transaction bigint, p_params jsonb,
                                           p_deliver boolean)
    RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      v_id bigint;
    BEGIN
      INSERT INTO notifications (user_id, kind, transaction_id, params)
      VALUES (p_user, p_kind, p_transaction, coalesce(p_params, '{}'::jsonb))
      RETURNING id INTO v_id;
      IF p_deliver THEN
        INSERT INTO notification_deliveries (notification_id) VALUES (v_id);
        INSERT INTO notification_deliveries (notification_id, push_subscription_id)
          SELECT v_id, s.id FROM push_subscriptions s
          WHERE s.user_id = p_user
            AND coalesce((SELECT p.push FROM notification_preferences p WHERE p.user_id = p_user), true);
      END IF;
      RETURN v_id;
    END $$`.execute(db);
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
