import { sql, type Kysely } from 'kysely';

/**
 * The reviews queue: items waiting for a human decision, opened by other modules (compliance:
 * sanctions hits, KYC documents, monitoring alerts) and decided by an operator in the back-office.
 *
 * - `subject` names what the item is about ("user:42", "transaction:17"): free text the opening module chooses.
 * - `dedupe_key` (optional) makes "at most one open item per (kind, key)" a database fact: a module that opens
 *   the same alert twice (a retried job, two workers) gets the existing item back instead of a duplicate.
 * - `opened_by`: the operator who opened it by hand, if any; they may never decide it (four eyes), as the
 *   CHECK says even if the service forgot.
 * - A decision is one UPDATE of an open row under its row lock: exactly once, the state never goes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reviews (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
      payload jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'approved', 'rejected')),
      dedupe_key text CHECK (length(dedupe_key) <= 200),
      opened_by bigint REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_by bigint REFERENCES users (id),
      decided_at timestamptz,
      reason text CHECK (length(reason) <= 1000),
      CONSTRAINT reviews_four_eyes CHECK (decided_by IS NULL OR opened_by IS NULL OR decided_by <> opened_by),
      CONSTRAINT reviews_decided CHECK ((state = 'open') = (decided_by IS NULL AND decided_at IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX reviews_one_open ON reviews (kind, dedupe_key)
    WHERE state = 'open' AND dedupe_key IS NOT NULL`.execute(db);
  // The queue is read by state (and kind), newest first; open items are few, decided ones many.
  await sql`CREATE INDEX reviews_state_idx ON reviews (state, id DESC)`.execute(db);
  await sql`CREATE INDEX reviews_state_kind_idx ON reviews (state, kind, id DESC)`.execute(db);
  await sql`CREATE INDEX reviews_subject_idx ON reviews (subject, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS reviews`.execute(db);
}
