import { sql, type Kysely } from 'kysely';

/**
 * The money core (ADR 003). The database itself refuses what must never happen, so a bug or a manual
 * query cannot break the books silently:
 * - a customer wallet below zero (CHECK), a posting in another currency than its account (composite FK);
 * - an entry whose postings do not sum to zero per currency (statement trigger after each postings insert);
 * - any UPDATE, DELETE or TRUNCATE of entries and postings (append-only: a correction is a new entry);
 * - a hold settled or released twice, or changed in any other way (trigger).
 *
 * `owner_user_id` and `agency_id` have no foreign key yet: the users and agencies tables arrive with their
 * modules, whose migrations add the constraints.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('customer_wallet', 'card_clearing', 'fx', 'fees', 'subscription_revenue',
                                         'withdrawals_pending', 'agency_cash', 'unclaimed_transfers')),
      currency text NOT NULL CHECK (currency IN ('EUR', 'MAD')),
      owner_user_id bigint,
      agency_id bigint,
      balance bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_id_currency_key UNIQUE (id, currency),
      CONSTRAINT ledger_accounts_owner_kind CHECK ((kind = 'customer_wallet') = (owner_user_id IS NOT NULL)),
      CONSTRAINT ledger_accounts_agency_kind CHECK ((kind = 'agency_cash') = (agency_id IS NOT NULL)),
      -- Money held for someone (a customer, a pending withdrawal, an unclaimed transfer) cannot be negative.
      CONSTRAINT ledger_accounts_non_negative
        CHECK (kind NOT IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') OR balance >= 0)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_accounts_wallet_key ON ledger_accounts (owner_user_id, currency)
            WHERE kind = 'customer_wallet'`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_accounts_agency_key ON ledger_accounts (agency_id, currency)
            WHERE kind = 'agency_cash'`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_accounts_platform_key ON ledger_accounts (kind, currency)
            WHERE kind NOT IN ('customer_wallet', 'agency_cash')`.execute(db);
  // The platform accounts (ADR 003 says what each holds); FX holds one account per currency of the pair.
  await sql`
    INSERT INTO ledger_accounts (kind, currency) VALUES
      ('card_clearing', 'EUR'), ('fx', 'EUR'), ('fx', 'MAD'), ('fees', 'EUR'), ('subscription_revenue', 'EUR'),
      ('withdrawals_pending', 'MAD'), ('unclaimed_transfers', 'MAD')`.execute(db);

  await sql`
    CREATE TABLE ledger_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{0,62}$'),
      reference_type text NOT NULL CHECK (length(reference_type) BETWEEN 1 AND 64),
      reference_id text NOT NULL CHECK (length(reference_id) BETWEEN 1 AND 128),
      metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX ledger_entries_reference_idx ON ledger_entries (reference_type, reference_id)`.execute(db);

  // Keyed by (entry, line): the primary key is also the index that finds an entry's postings.
  await sql`
    CREATE TABLE ledger_postings (
      entry_id bigint NOT NULL REFERENCES ledger_entries (id),
      line smallint NOT NULL CHECK (line > 0),
      account_id bigint NOT NULL,
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount <> 0),
      PRIMARY KEY (entry_id, line),
      CONSTRAINT ledger_postings_account_currency_fkey FOREIGN KEY (account_id, currency)
        REFERENCES ledger_accounts (id, currency)
    )`.execute(db);
  // Statements of an account, newest first, and the per-account sums of ledger:check.
  await sql`CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, entry_id)`.execute(db);

  await sql`
    CREATE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  for (const table of ['ledger_entries', 'ledger_postings']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
              FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
              FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change()`.execute(db);
  }

  // One check per INSERT statement over the whole of each touched entry: post() writes all postings of an
  // entry in one statement, and nothing can later add an unbalanced posting to an existing entry.
  await sql`
    CREATE FUNCTION ledger_check_entries_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE broken record;
    BEGIN
      SELECT p.entry_id, p.currency, sum(p.amount) AS total INTO broken
        FROM ledger_postings p
       WHERE p.entry_id IN (SELECT DISTINCT entry_id FROM new_postings)
       GROUP BY p.entry_id, p.currency
      HAVING sum(p.amount) <> 0
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger entry % does not balance in %: %', broken.entry_id, broken.currency, broken.total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
            REFERENCING NEW TABLE AS new_postings
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balance()`.execute(db);

  // post() in one round trip: PL/pgSQL keeps its statements' plans for the session, and the account locks are
  // held for the shortest time. Errors carry SQLSTATEs of our own (class LG) that journal.ts turns into typed
  // errors; the DETAIL is the account concerned. Balance per currency is checked by the caller and again by the
  // postings trigger.
  await sql`
    CREATE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                p_accounts bigint[], p_currencies text[], p_amounts bigint[])
    RETURNS TABLE (entry_id bigint, account_id bigint, balance bigint) LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      r record;
      v_locked int := 0;
      v_wanted int;
      v_entry bigint;
    BEGIN
      SELECT count(DISTINCT x) INTO v_wanted FROM unnest(p_accounts) AS x;
      -- ORDER BY is applied before the row locks, so every transaction locks accounts in ascending id order.
      FOR r IN
        SELECT a.id, a.kind, a.currency, a.balance + d.delta AS after, d.currency AS posted, d.currencies
          FROM ledger_accounts a
          JOIN (SELECT p.account_id, sum(p.amount) AS delta, min(p.currency) AS currency,
                       count(DISTINCT p.currency) AS currencies
                  FROM unnest(p_accounts, p_currencies, p_amounts) AS p(account_id, currency, amount)
                 GROUP BY p.account_id) d ON d.account_id = a.id
         ORDER BY a.id
           FOR NO KEY UPDATE OF a
      LOOP
        v_locked := v_locked + 1;
        IF r.currencies > 1 OR r.currency <> r.posted THEN
          RAISE EXCEPTION 'account % holds %', r.id, r.currency
            USING ERRCODE = 'LG003', DETAIL = concat_ws(',', r.id, r.currency, r.posted);
        END IF;
        IF r.after < 0 AND r.kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') THEN
          RAISE EXCEPTION 'account % would go below zero', r.id
            USING ERRCODE = CASE WHEN r.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = r.id::text;
        END IF;
      END LOOP;
      IF v_locked <> v_wanted THEN
        RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LG002', DETAIL = (
          SELECT string_agg(x::text, ',') FROM unnest(p_accounts) AS x
           WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x));
      END IF;

      INSERT INTO ledger_entries (kind, reference_type, reference_id, metadata)
      VALUES (p_kind, p_reference_type, p_reference_id, p_metadata) RETURNING id INTO v_entry;
      INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
      SELECT v_entry, p.line, p.account_id, p.currency, p.amount
        FROM unnest(p_accounts, p_currencies, p_amounts) WITH ORDINALITY AS p(account_id, currency, amount, line);
      RETURN QUERY
        UPDATE ledger_accounts a SET balance = a.balance + d.delta
          FROM (SELECT p.account_id, sum(p.amount) AS delta
                  FROM unnest(p_accounts, p_amounts) AS p(account_id, amount) GROUP BY p.account_id) d
         WHERE a.id = d.account_id
        RETURNING v_entry, a.id, a.balance;
    END $$`.execute(db);

  await sql`
    CREATE TABLE ledger_holds (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      wallet_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'settled', 'released')),
      reserve_entry_id bigint NOT NULL REFERENCES ledger_entries (id),
      final_entry_id bigint REFERENCES ledger_entries (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT ledger_holds_final CHECK ((status = 'reserved') = (final_entry_id IS NULL AND finished_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX ledger_holds_wallet_idx ON ledger_holds (wallet_account_id)`.execute(db);
  await sql`CREATE INDEX ledger_holds_reserved_idx ON ledger_holds (id) WHERE status = 'reserved'`.execute(db);
  // A hold moves once, from reserved to settled or released, and nothing else about it ever changes.
  await sql`
    CREATE FUNCTION ledger_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'ledger_holds rows are never deleted' USING ERRCODE = 'restrict_violation';
      END IF;
      IF OLD.status <> 'reserved' OR NEW.status = 'reserved'
         OR (NEW.id, NEW.wallet_account_id, NEW.currency, NEW.amount, NEW.reserve_entry_id, NEW.created_at)
            IS DISTINCT FROM (OLD.id, OLD.wallet_account_id, OLD.currency, OLD.amount, OLD.reserve_entry_id, OLD.created_at)
      THEN
        RAISE EXCEPTION 'hold % is % and cannot become %', OLD.id, OLD.status, NEW.status
          USING ERRCODE = 'restrict_violation', CONSTRAINT = 'ledger_hold_once';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ledger_holds_guard BEFORE UPDATE OR DELETE ON ledger_holds
            FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold()`.execute(db);

  // Idempotency records. The row is inserted first, in the transaction that does the work:
  // its uncommitted key makes a concurrent request with the same key wait on the primary key, and a rollback
  // (failed validation, not enough funds, crash) removes it, so a failed request leaves nothing behind. The
  // response is filled in before commit; a committed row without one would be a bug, read as "in progress".
  await sql`
    CREATE TABLE idempotency_keys (
      scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 200),
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
      request_hash text NOT NULL,
      response_status integer CHECK (response_status BETWEEN 100 AND 599),
      response_body jsonb,
      CONSTRAINT idempotency_keys_response CHECK ((response_status IS NULL) = (response_body IS NULL)),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys, ledger_holds, ledger_postings, ledger_entries, ledger_accounts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ledger_post(text, text, text, jsonb, bigint[], text[], bigint[]), ledger_guard_hold(),
    ledger_check_entries_balance(), ledger_reject_change()`.execute(db);
}
