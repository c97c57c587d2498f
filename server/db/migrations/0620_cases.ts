import { sql, type Kysely } from 'kysely';

/**
 * Help cases: a customer writes to a person about a transfer or their account, and operators answer (ADR 025).
 *
 * - `cases`: one conversation. `reference` is what the customer quotes (derived from the id, so it is unique and
 *   never reused). `state` is where it stands: `open` (waiting for an operator), `waiting_customer` (an operator
 *   asked something), `answered`, `resolved` (`resolved_at` starts the 14 days within which a customer message
 *   reopens it). `first_answer_at` is the first operator reply the customer saw: the queue's lateness is measured
 *   against it. `assigned_to` is the operator who took it.
 * - `case_messages`: the thread, oldest first. An operator's `internal` note is never shown to the customer.
 * - `case_attachments`: at most one file per message (a picture or PDF), sealed with the identity documents' key
 *   and bound to its message, like an identity document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cases (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference text GENERATED ALWAYS AS ('H-' || lpad(id::text, 6, '0')) STORED UNIQUE,
      user_id bigint NOT NULL REFERENCES users (id),
      kind text NOT NULL CHECK (kind IN ('not_received', 'wrong_details', 'cannot_collect', 'not_credited',
                                         'account', 'other')),
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'waiting_customer', 'answered', 'resolved')),
      transaction_id bigint REFERENCES transactions (id),
      assigned_to bigint REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      first_answer_at timestamptz,
      resolved_at timestamptz,
      CHECK ((state = 'resolved') = (resolved_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX cases_user_idx ON cases (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX cases_queue_idx ON cases (state, created_at)`.execute(db);
  await sql`CREATE INDEX cases_transaction_idx ON cases (transaction_id) WHERE transaction_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE case_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      case_id bigint NOT NULL REFERENCES cases (id),
      author text NOT NULL CHECK (author IN ('customer', 'operator')),
      author_user_id bigint NOT NULL REFERENCES users (id),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
      internal boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (author = 'operator' OR NOT internal)
    )`.execute(db);
  await sql`CREATE INDEX case_messages_case_idx ON case_messages (case_id, id)`.execute(db);
  await sql`CREATE INDEX case_messages_author_idx ON case_messages (author_user_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE case_attachments (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      message_id bigint NOT NULL UNIQUE REFERENCES case_messages (id),
      media_type text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      size integer NOT NULL CHECK (size > 0),
      key_id text NOT NULL,
      iv bytea NOT NULL,
      tag bytea NOT NULL,
      ciphertext bytea NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE case_attachments`.execute(db);
  await sql`DROP TABLE case_messages`.execute(db);
  await sql`DROP TABLE cases`.execute(db);
}
