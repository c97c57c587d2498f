import { sql, type Kysely } from 'kysely';

/**
 * Transaction monitoring: rules over completed money movements raise `monitoring` reviews.
 *
 * - `monitoring_queue`: one row per send or cash pickup, written by a trigger in the money's own transaction (the
 *   one-round-trip wallet_send() included), so a movement is queued exactly when it commits. The worker
 *   (server/modules/compliance/monitoring.ts) evaluates a batch, opens the reviews and deletes the rows in one
 *   transaction: killed half-way, nothing of it is kept and the rows are evaluated again. No foreign key: the row
 *   lives seconds and the check would cost every send a lookup.
 * - `monitoring_alerts`: one row per alert, unique per rule, subject and window (the window starts at the first
 *   movement the rule counted), so a retried or concurrent pass raises it once.
 * - A partial index to count the movements to a recipient known only by phone (cash pickups, unclaimed sends):
 *   sends to registered recipients, the fast path, never match its predicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monitoring_queue (
      transaction_id bigint PRIMARY KEY,
      queued_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE FUNCTION monitoring_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO monitoring_queue (transaction_id) VALUES (NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER transactions_monitoring_enqueue AFTER INSERT ON transactions
      FOR EACH ROW WHEN (NEW.kind IN ('transfer', 'pickup')) EXECUTE FUNCTION monitoring_enqueue()`.execute(db);
  await sql`
    CREATE TABLE monitoring_alerts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      rule text NOT NULL CHECK (rule IN ('pair_sum', 'many_payers', 'frequent_sends')),
      subject_key text NOT NULL CHECK (length(subject_key) <= 200),
      window_start timestamptz NOT NULL,
      window_end timestamptz NOT NULL,
      transaction_id bigint NOT NULL,
      review_id bigint REFERENCES reviews (id),
      held boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT monitoring_alerts_one_per_window UNIQUE (rule, subject_key, window_start)
    )`.execute(db);
  await sql`CREATE INDEX monitoring_alerts_recent_idx ON monitoring_alerts (rule, subject_key, window_start DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS transactions_payee_phone_idx ON transactions (recipient_phone_number, created_at)
    WHERE recipient_user_id IS NULL AND kind IN ('transfer', 'pickup')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS transactions_payee_phone_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS monitoring_alerts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS transactions_monitoring_enqueue ON transactions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS monitoring_enqueue()`.execute(db);
  await sql`DROP TABLE IF EXISTS monitoring_queue`.execute(db);
}
