import { sql, type Kysely } from 'kysely';

/**
 * Getting back into an account whose sign-in phone or e-mail is lost (ADR 026).
 *
 * - `account_recoveries`: one request. Its id is random and is the requester's only handle on it (they are not
 *   signed in). `user_id` is null when the known identifier is nobody's: the request is kept and answered exactly
 *   as any other, so the answer never says who is a customer. `state`: `codes` (both one-time codes to prove),
 *   `documents` (a selfie and the identity document on file to send), `review` (an operator decides),
 *   `approved`, `refused`, or `expired` (not finished in time).
 * - `users.recovery_pending_until`: a recovery proved by its codes waits for its identity check; no money leaves the
 *   account until it is decided ('infinity' once under review; the request's expiry while its documents are awaited,
 *   so an abandoned request frees the account by itself). `users.recovery_cooling_until`: after an approval, outgoing transfers above the
 *   configured threshold wait before they reach anyone, until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_recoveries (
      id uuid PRIMARY KEY,
      user_id bigint REFERENCES users (id),
      known_identifier text NOT NULL,
      new_identifier text NOT NULL,
      new_kind text NOT NULL CHECK (new_kind IN ('email', 'phone')),
      language text NOT NULL,
      state text NOT NULL DEFAULT 'codes'
        CHECK (state IN ('codes', 'documents', 'review', 'approved', 'refused', 'expired')),
      identity_required boolean NOT NULL DEFAULT false,
      document_type text,
      review_id bigint,
      reason text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      decided_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX account_recoveries_user_idx ON account_recoveries (user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX account_recoveries_review_idx ON account_recoveries (review_id)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN recovery_pending_until timestamptz, ADD COLUMN recovery_cooling_until timestamptz`.execute(
    db,
  );
}
