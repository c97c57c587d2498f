import { sql, type Kysely } from 'kysely';

/**
 * Four eyes: an operator's action above a threshold (a refund over OPS_FOUR_EYES_MAD) becomes a request
 * another operator approves or rejects. One pending request per subject (a partial unique index), so two operators
 * cannot queue two refunds of one transfer. A request not decided by `expires_at` is expired (read as such at once,
 * and marked so when someone next touches it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ops_approvals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
      subject_type text NOT NULL CHECK (length(subject_type) <= 40),
      subject_id text NOT NULL CHECK (length(subject_id) <= 100),
      amount bigint CHECK (amount > 0),
      currency text CHECK (currency ~ '^[A-Z]{3}$'),
      payload jsonb NOT NULL DEFAULT '{}',
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
      requested_by bigint NOT NULL REFERENCES users (id),
      requested_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
      decided_by bigint REFERENCES users (id),
      decided_at timestamptz,
      decision_reason text CHECK (length(decision_reason) <= 1000),
      CONSTRAINT ops_approvals_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by),
      CONSTRAINT ops_approvals_decided CHECK ((state IN ('approved', 'rejected')) = (decided_by IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ops_approvals_one_pending ON ops_approvals (kind, subject_type, subject_id)
    WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX ops_approvals_state_idx ON ops_approvals (state, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS ops_approvals`.execute(db);
}
