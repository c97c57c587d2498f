import { sql, type Kysely } from 'kysely';

/**
 * Cash pickup for a recipient without the app.
 *
 * - A `pickup` transaction moves the amount from the sender's wallet into the platform account "pickups pending"
 *   (`available`); the payout moves it to the paying agency's cash account (`collected`, `agency_id` = that
 *   agency, `validated_by` = the teller); cancel and expiry move it back (`cancelled`, `expired`). The row lock and
 *   its status make each way out happen once, as for unclaimed transfers.
 * - `pickups` holds what only a pickup has: the reference as a keyed hash (the lookup, unique among live pickups)
 *   and sealed (so its sender can show it again), the name the ID must carry, an optional agency restriction, the
 *   ID document seen at payout (sealed, AES-256-GCM; a 2-character hint for the masked display), the reminder.
 * - `pickup_name_changes`: every correction of the name by the sender, with its time (append-only).
 *
 * The account-kind CHECKs are extended from their current definition rather than rewritten from a list, so that
 * another migration adding a kind of its own (compliance hold) and this one compose in any order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE
      c text;
      def text;
    BEGIN
      FOREACH c IN ARRAY ARRAY['ledger_accounts_kind_check', 'ledger_accounts_non_negative'] LOOP
        SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
         WHERE conrelid = 'ledger_accounts'::regclass AND conname = c;
        IF def IS NULL OR def NOT LIKE '%''unclaimed_transfers''::text%' THEN
          RAISE EXCEPTION 'unexpected definition of %: %', c, def;
        END IF;
        IF def NOT LIKE '%pickups_pending%' THEN
          EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', c);
          EXECUTE format('ALTER TABLE ledger_accounts ADD CONSTRAINT %I %s', c,
            replace(def, '''unclaimed_transfers''::text', '''unclaimed_transfers''::text, ''pickups_pending''::text'));
        END IF;
      END LOOP;
    END $$`.execute(db);
  await sql`INSERT INTO ledger_accounts (kind, currency) VALUES ('pickups_pending', 'MAD')
            ON CONFLICT (kind, currency) WHERE kind NOT IN ('customer_wallet', 'agency_cash') DO NOTHING`.execute(db);

  await sql`
    ALTER TABLE transactions
      DROP CONSTRAINT transactions_kind_check,
      DROP CONSTRAINT transactions_status_check,
      DROP CONSTRAINT transactions_kind_status,
      DROP CONSTRAINT transactions_parties,
      DROP CONSTRAINT transactions_validated,
      ADD CONSTRAINT transactions_kind_check CHECK (kind IN ('transfer', 'exchange', 'withdrawal', 'pickup')) NOT VALID,
      ADD CONSTRAINT transactions_status_check CHECK (status IN ('completed', 'unclaimed', 'claimed', 'pending',
        'validated', 'cancelled', 'expired', 'available', 'collected')) NOT VALID,
      ADD CONSTRAINT transactions_kind_status CHECK (
        (kind = 'transfer' AND status IN ('completed', 'unclaimed', 'claimed', 'cancelled', 'expired'))
        OR (kind = 'withdrawal' AND status IN ('pending', 'validated', 'cancelled', 'expired'))
        OR (kind = 'pickup' AND status IN ('available', 'collected', 'cancelled', 'expired'))
        OR (kind = 'exchange' AND status = 'completed')) NOT VALID,
      ADD CONSTRAINT transactions_parties CHECK (
        (kind = 'exchange' AND recipient_user_id IS NOT NULL AND sender_user_id IS NULL)
        OR (kind = 'transfer' AND sender_user_id IS NOT NULL AND contact_id IS NOT NULL
            AND (status IN ('unclaimed', 'cancelled', 'expired') OR recipient_user_id IS NOT NULL))
        OR (kind = 'withdrawal' AND sender_user_id IS NOT NULL AND agency_id IS NOT NULL AND hold_id IS NOT NULL
            AND token_hash IS NOT NULL AND token_sealed IS NOT NULL AND identifier IS NOT NULL)
        OR (kind = 'pickup' AND sender_user_id IS NOT NULL AND contact_id IS NOT NULL
            AND recipient_phone_number IS NOT NULL AND (status <> 'collected' OR agency_id IS NOT NULL))) NOT VALID,
      ADD CONSTRAINT transactions_validated
        CHECK ((status IN ('validated', 'collected')) = (validated_by IS NOT NULL)) NOT VALID`.execute(db);
  for (const c of ['kind_check', 'status_check', 'kind_status', 'parties', 'validated']) {
    await sql`ALTER TABLE transactions VALIDATE CONSTRAINT ${sql.raw(`transactions_${c}`)}`.execute(db);
  }
  // The paying agency's history (a pickup is paid at one agency, known only then), and the expiry sweep.
  await sql`CREATE INDEX IF NOT EXISTS transactions_pickup_agency_idx ON transactions (agency_id, id DESC)
            WHERE kind = 'pickup'`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS transactions_pickups_available_idx ON transactions (expires_at)
            WHERE status = 'available'`.execute(db);

  await sql`
    CREATE TABLE pickups (
      transaction_id bigint PRIMARY KEY REFERENCES transactions (id),
      reference_hash bytea NOT NULL,
      reference_sealed bytea NOT NULL,
      -- True while the reference can be collected; a dead reference may be drawn again for a new pickup.
      live boolean NOT NULL DEFAULT true,
      recipient_first_name text NOT NULL,
      recipient_last_name text NOT NULL,
      agency_id bigint REFERENCES contacts (id),
      id_document_type text CHECK (id_document_type IN ('national_id', 'passport', 'residence_permit')),
      id_document_sealed bytea,
      id_document_hint text CHECK (length(id_document_hint) <= 2),
      reminder_sent_at timestamptz,
      CONSTRAINT pickups_id_document CHECK ((id_document_type IS NULL) = (id_document_sealed IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX pickups_live_reference_key ON pickups (reference_hash) WHERE live`.execute(db);
  await sql`CREATE INDEX pickups_reference_idx ON pickups (reference_hash)`.execute(db);

  await sql`
    CREATE TABLE pickup_name_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES pickups (transaction_id),
      previous_first_name text NOT NULL,
      previous_last_name text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      changed_by bigint NOT NULL REFERENCES users (id),
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX pickup_name_changes_transaction_idx ON pickup_name_changes (transaction_id, id)`.execute(db);
  await sql`CREATE TRIGGER pickup_name_changes_append_only BEFORE UPDATE OR DELETE ON pickup_name_changes
            FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS pickup_name_changes, pickups`.execute(db);
  await sql`DROP INDEX IF EXISTS transactions_pickup_agency_idx, transactions_pickups_available_idx`.execute(db);
}
