import { sql, type Kysely } from 'kysely';

/**
 * The story of every transaction: `transaction_events`, one row per step, in the documented set of
 * `common/api/timeline.ts` (`created`, `available`, `on_hold`, `received`, `claimed`, `paid_out`, `collected`,
 * `cancelled`, `refunded`, `expired`, `anchored`).
 *
 * The steps are written by triggers on `transactions`, so each is in the same database transaction as the change it
 * records whatever writes it: the services, wallet_send() (the one-round-trip send: its INSERT fires the trigger in
 * the same statement, no extra round trip and no new definition of the function, so the migrations of other
 * engineers that patch wallet_send() compose with this one), the expiry sweep, the anchoring worker's batch UPDATE,
 * and any status added later. The insert trigger costs one multi-row INSERT per new transaction; the update trigger
 * runs only WHEN the status or the public-ledger id changed (a teller's reservation does not fire it).
 *
 * Mapping (kind-independent, so a status added later maps by name when it is in the set):
 *   INSERT: `created`, then completed -> `received` (a wallet credited at once: send, top-up), pending/available ->
 *           `available` (QR or pickup reference ready); unclaimed waits for a registration (nothing more).
 *   status change: claimed -> `claimed`, validated -> `paid_out`, collected -> `collected`, completed ->
 *           `received`, pending/available -> `available`, cancelled -> `cancelled`, or `refunded` when the entry
 *           that closed it is an operator's refund (its metadata's reason), expired -> `expired`, and any new status
 *           named in the set as itself (`on_hold`: its reason code from the transaction-local setting
 *           `wallet.event_reason`, set with set_config(..., true) by the code that puts the hold).
 *   tx_id set: `anchored` with the tx_id.
 * `at` is the database's transaction time (the row's created_at for the insert; now() for the rest, as
 * finished_at and validated_at are). No foreign key to transactions: the rows are written from the transactions row
 * itself by the trigger, and the key's check would be one more lookup on the send path for nothing.
 *
 * Existing transactions get their timeline from their rows (backfill below).
 */
const timelineStatuses = [
  'created',
  'available',
  'on_hold',
  'received',
  'claimed',
  'paid_out',
  'collected',
  'cancelled',
  'refunded',
  'expired',
  'anchored',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const set = sql.raw(timelineStatuses.map((s) => `'${s}'`).join(', '));
  await sql`
    CREATE TABLE transaction_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL,
      status text NOT NULL CHECK (status IN (${set})),
      reason text CHECK (length(reason) <= 64),
      tx_id text,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX transaction_events_transaction_idx ON transaction_events (transaction_id, id)`.execute(db);

  // The step a status reached records; NULL for none (unclaimed: waiting for a registration).
  await sql`
    CREATE FUNCTION transaction_event_of(p_status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE p_status
        WHEN 'completed' THEN 'received'
        WHEN 'pending' THEN 'available'
        WHEN 'validated' THEN 'paid_out'
        WHEN 'unclaimed' THEN NULL
        ELSE CASE WHEN p_status IN (${set}) THEN p_status END
      END $$`.execute(db);

  await sql`
    CREATE FUNCTION transaction_events_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_step text := transaction_event_of(NEW.status);
    BEGIN
      IF v_step IS NULL THEN
        INSERT INTO transaction_events (transaction_id, status, at) VALUES (NEW.id, 'created', NEW.created_at);
      ELSE
        INSERT INTO transaction_events (transaction_id, status, reason, at)
        VALUES (NEW.id, 'created', NULL, NEW.created_at),
               (NEW.id, v_step, CASE WHEN v_step = 'on_hold' THEN
                  nullif(current_setting('wallet.event_reason', true), '') END, NEW.created_at);
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  await sql`
    CREATE FUNCTION transaction_events_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_step text;
      v_reason text;
    BEGIN
      IF OLD.status IS DISTINCT FROM NEW.status THEN
        v_step := transaction_event_of(NEW.status);
        IF v_step = 'cancelled' AND NEW.final_entry_id IS NOT NULL AND EXISTS (
             SELECT 1 FROM ledger_entries WHERE id = NEW.final_entry_id AND metadata->>'reason' = 'refund') THEN
          v_step := 'refunded';
        ELSIF v_step = 'on_hold' THEN
          v_reason := nullif(current_setting('wallet.event_reason', true), '');
        END IF;
        IF v_step IS NOT NULL THEN
          INSERT INTO transaction_events (transaction_id, status, reason) VALUES (NEW.id, v_step, v_reason);
        END IF;
      END IF;
      IF OLD.tx_id IS NULL AND NEW.tx_id IS NOT NULL THEN
        INSERT INTO transaction_events (transaction_id, status, tx_id) VALUES (NEW.id, 'anchored', NEW.tx_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  await sql`CREATE TRIGGER transactions_events_insert AFTER INSERT ON transactions
    FOR EACH ROW EXECUTE FUNCTION transaction_events_on_insert()`.execute(db);
  await sql`CREATE TRIGGER transactions_events_update AFTER UPDATE OF status, tx_id ON transactions
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR (OLD.tx_id IS NULL AND NEW.tx_id IS NOT NULL))
    EXECUTE FUNCTION transaction_events_on_update()`.execute(db);

  await backfillTransactionEvents(db);
}

/**
 * Backfill from the rows, for transactions with no step yet: created; available (withdrawals and pickups waited);
 * the final status at the time the row records for it; anchored when published (the outbox's publication time).
 * Exported for its test (timeline.test.ts), which runs it on rows whose steps it removed.
 */
export async function backfillTransactionEvents(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO transaction_events (transaction_id, status, reason, tx_id, at)
    SELECT s.transaction_id, s.status, NULL, s.tx_id, s.at
      FROM (
        SELECT t.id AS transaction_id, 'created' AS status, NULL::text AS tx_id, t.created_at AS at, 1 AS ord
          FROM transactions t
        UNION ALL
        SELECT t.id, 'available', NULL, t.created_at, 2 FROM transactions t WHERE t.kind IN ('withdrawal', 'pickup')
        UNION ALL
        SELECT t.id,
               CASE WHEN t.status = 'cancelled' AND e.metadata->>'reason' = 'refund' THEN 'refunded'
                    ELSE transaction_event_of(t.status) END,
               NULL,
               CASE WHEN t.status IN ('completed') THEN t.created_at
                    ELSE coalesce(t.validated_at, t.finished_at, t.created_at) END,
               3
          FROM transactions t LEFT JOIN ledger_entries e ON e.id = t.final_entry_id
         WHERE transaction_event_of(t.status) IS NOT NULL AND t.status NOT IN ('pending', 'available')
        UNION ALL
        SELECT t.id, 'anchored', t.tx_id, greatest(coalesce(o.published_at, t.created_at), t.created_at), 4
          FROM transactions t LEFT JOIN chain_outbox o ON o.transaction_id = t.id
         WHERE t.tx_id IS NOT NULL
      ) s
     WHERE NOT EXISTS (SELECT 1 FROM transaction_events x WHERE x.transaction_id = s.transaction_id)
     ORDER BY s.transaction_id, s.ord`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER transactions_events_update ON transactions`.execute(db);
  await sql`DROP TRIGGER transactions_events_insert ON transactions`.execute(db);
  await sql`DROP FUNCTION transaction_events_on_update()`.execute(db);
  await sql`DROP FUNCTION transaction_events_on_insert()`.execute(db);
  await sql`DROP FUNCTION transaction_event_of(text)`.execute(db);
  await sql`DROP TABLE transaction_events`.execute(db);
}
