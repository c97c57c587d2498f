import { sql, type Kysely } from 'kysely';

/**
 * Add money and subscription. Amounts are minor units (EUR cents, MAD centimes); rates and fee
 * fractions exact numerics, copied onto each exchange so it always says what it was priced at.
 *
 * - `exchanges`: the customer's draft (at most one per user) and the paid ones. Validation locks the rate for a
 *   window (`locked_until`); a payment after that is refunded, never credited at the stale rate.
 * - `payment_sessions`: one checkout at the provider (top-up or subscription). Its status only moves forward
 *   (open -> paid | refunded | superseded); `paid` is final, so a late "expired" event cannot undo a credit.
 * - `payment_events`: every provider event processed, keyed by the provider's event id and written in the same
 *   transaction as its effect: a replay hits the primary key and changes nothing.
 * - `subscriptions`: one row per user, the state the provider reported; "subscribed" is read from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exchanges (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id),
      from_amount bigint NOT NULL CHECK (from_amount > 0),
      to_amount bigint NOT NULL CHECK (to_amount >= 0),
      fee_amount bigint NOT NULL CHECK (fee_amount >= 0),
      fee_fraction numeric(8, 6) NOT NULL CHECK (fee_fraction >= 0 AND fee_fraction < 1),
      rate numeric(12, 4) NOT NULL CHECK (rate > 0),
      official_rate numeric(12, 4) NOT NULL CHECK (official_rate > 0),
      subscribed boolean NOT NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'paid')),
      validated_at timestamptz,
      locked_until timestamptz,
      paid_at timestamptz,
      ledger_entry_id bigint REFERENCES ledger_entries (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT exchanges_paid CHECK ((status = 'paid') = (ledger_entry_id IS NOT NULL AND paid_at IS NOT NULL)),
      CONSTRAINT exchanges_lock CHECK ((validated_at IS NULL) = (locked_until IS NULL))
    )`.execute(db);
  // "The draft is the single exchange with validated=false", made true by the database.
  await sql`CREATE UNIQUE INDEX exchanges_one_draft_key ON exchanges (user_id) WHERE status = 'draft'`.execute(db);
  await sql`CREATE INDEX exchanges_user_idx ON exchanges (user_id, id)`.execute(db);

  await sql`
    CREATE TABLE payment_sessions (
      id text PRIMARY KEY CHECK (id ~ '^ps_[A-Za-z0-9]{16,64}$'),
      provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
      purpose text NOT NULL CHECK (purpose IN ('exchange', 'subscription')),
      user_id bigint NOT NULL REFERENCES users (id),
      exchange_id bigint REFERENCES exchanges (id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
      provider_session_id text UNIQUE,
      url text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'refunded', 'superseded')),
      expires_at timestamptz NOT NULL,
      provider_payment_id text,
      provider_subscription_id text,
      outcome text,
      -- The app's language when the checkout opened: the provider's return lands the customer back in it.
      language text CHECK (language IN ('fr', 'en', 'ar')),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT payment_sessions_exchange CHECK ((purpose = 'exchange') = (exchange_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX payment_sessions_exchange_idx ON payment_sessions (exchange_id) WHERE exchange_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX payment_sessions_user_idx ON payment_sessions (user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE payment_events (
      provider text NOT NULL,
      event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
      type text NOT NULL,
      session_id text,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);

  await sql`
    CREATE TABLE subscriptions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL UNIQUE REFERENCES users (id),
      provider text NOT NULL,
      provider_subscription_id text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
      current_period_end timestamptz NOT NULL,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One revenue entry per paid period: the invoice (or first checkout) id is unique, so a replay books nothing.
  await sql`
    CREATE TABLE subscription_payments (
      reference text PRIMARY KEY,
      subscription_id bigint NOT NULL REFERENCES subscriptions (id),
      amount bigint NOT NULL CHECK (amount > 0),
      ledger_entry_id bigint NOT NULL REFERENCES ledger_entries (id),
      period_end timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS subscription_payments, subscriptions, payment_events, payment_sessions, exchanges`.execute(
    db,
  );
}
