import { sql, type Kysely } from 'kysely';

/**
 * Identity documents (level 2).
 *
 * - The profile gains what level 2 needs besides the document: date of birth, address, postcode and city (the
 *   Transfer of Funds Regulation's payer data). Nullable: level 1 customers never gave them.
 * - `kyc_submissions`: one customer's set of documents and its state. At most one pending per customer is a
 *   database fact (a partial unique index), so two uploads at once cannot both wait for review.
 * - `kyc_files`: each image or PDF encrypted with AES-256-GCM (server/modules/kyc/document-crypto.ts): the
 *   ciphertext, its IV (random per file), its tag and the id of the key, so the key can rotate while older files
 *   stay readable with the previous one. Nothing here is plaintext but the media type and the size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN date_of_birth date,
    ADD COLUMN address text CHECK (length(address) <= 200),
    ADD COLUMN postcode text CHECK (length(postcode) <= 20),
    ADD COLUMN city text CHECK (length(city) <= 100)`.execute(db);
  await sql`
    CREATE TABLE kyc_submissions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id),
      document_type text NOT NULL CHECK (document_type IN ('national_id', 'passport', 'residence_permit')),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      review_id bigint REFERENCES reviews (id),
      reason text CHECK (length(reason) <= 1000),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CONSTRAINT kyc_submissions_decided CHECK ((state = 'pending') = (decided_at IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (user_id) WHERE state = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE kyc_files (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      submission_id bigint NOT NULL REFERENCES kyc_submissions (id) ON DELETE CASCADE,
      part text NOT NULL CHECK (part IN ('front', 'back', 'selfie')),
      media_type text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      size integer NOT NULL CHECK (size > 0),
      key_id text NOT NULL CHECK (length(key_id) BETWEEN 1 AND 64),
      iv bytea NOT NULL CHECK (length(iv) = 12),
      tag bytea NOT NULL CHECK (length(tag) = 16),
      ciphertext bytea NOT NULL,
      UNIQUE (submission_id, part)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE kyc_files`.execute(db);
  await sql`DROP TABLE kyc_submissions`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN date_of_birth, DROP COLUMN address, DROP COLUMN postcode, DROP COLUMN city`.execute(
    db,
  );
}
