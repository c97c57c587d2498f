import { sql, type Kysely } from 'kysely';

/**
 * Web Push and per-channel preferences.
 *
 * `push_subscriptions`: the browsers a user allowed to show notifications (the PushSubscription the browser gave:
 * its push service endpoint and the keys the payload is encrypted to, RFC 8291). An endpoint is one browser
 * profile: registered again by another user (a shared device, a new sign-in) it moves to that user, so one
 * user's notifications never reach a browser someone else now uses. Deleted by its owner (DELETE) or when the
 * push service answers 404/410 (the browser unsubscribed or the subscription expired).
 *
 * `notification_preferences`: the e-mail, SMS and push toggles of the profile (in-app is always on). No row =
 * all on. The delivery worker reads them when it sends, so a toggle changed after a notification was written
 * still counts.
 *
 * `notification_deliveries` gains one row per push subscription (`push_subscription_id`): notify_user() queues,
 * besides the e-mail/SMS row, one push row per subscription of the user, each retried on its own (a push service
 * that fails does not resend the e-mail, nor the other browsers' pushes), removed with its subscription
 * (server/db/sql/notify_user.sql).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE CHECK (length(endpoint) <= 2048),
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_success_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`.execute(db);

  await sql`
    CREATE TABLE notification_preferences (
      user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      email boolean NOT NULL DEFAULT true,
      sms boolean NOT NULL DEFAULT true,
      push boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`ALTER TABLE notification_deliveries
    ADD COLUMN push_subscription_id bigint REFERENCES push_subscriptions (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_notification_id_key`.execute(
    db,
  );
  // One e-mail/SMS row per notification, one push row per notification and subscription.
  await sql`CREATE UNIQUE INDEX notification_deliveries_message_key ON notification_deliveries (notification_id)
    WHERE push_subscription_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX notification_deliveries_push_key
    ON notification_deliveries (push_subscription_id, notification_id) WHERE push_subscription_id IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_channel_check`.execute(db);
  await sql`ALTER TABLE notification_deliveries
    ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'sms', 'push', 'none'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notification_deliveries WHERE push_subscription_id IS NOT NULL OR channel = 'push'`.execute(db);
  await sql`ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_channel_check`.execute(db);
  await sql`ALTER TABLE notification_deliveries
    ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'sms', 'none'))`.execute(db);
  await sql`DROP INDEX notification_deliveries_push_key`.execute(db);
  await sql`DROP INDEX notification_deliveries_message_key`.execute(db);
  await sql`ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_notification_id_key
    UNIQUE (notification_id)`.execute(db);
  await sql`ALTER TABLE notification_deliveries DROP COLUMN push_subscription_id`.execute(db);
  await sql`DROP TABLE notification_preferences`.execute(db);
  await sql`DROP TABLE push_subscriptions`.execute(db);
}
