import { sql, type Kysely } from 'kysely';

/**
 * Rates set from the back-office: each row says from when it applies (`effective_at`, now or later),
 * who set it and, for a change past OPS_RATE_CHANGE_FOUR_EYES_PCT, which approval let it through and who approved.
 * The rate in force at an instant is the row with the latest `effective_at` not after it (ties: the newest row),
 * read by currentRates() for quotes, sends and top-ups alike. Rows written before (by `rates:set`) applied at once:
 * their `effective_at` is their `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE rates
      ADD COLUMN effective_at timestamptz,
      ADD COLUMN set_by bigint REFERENCES users (id),
      ADD COLUMN approved_by bigint REFERENCES users (id),
      ADD COLUMN approval_id bigint REFERENCES ops_approvals (id),
      ADD COLUMN reason text CHECK (length(reason) <= 1000),
      ADD CONSTRAINT rates_four_eyes CHECK (approved_by IS NULL OR approved_by <> set_by)`.execute(db);
  await sql`UPDATE rates SET effective_at = created_at`.execute(db);
  await sql`ALTER TABLE rates ALTER COLUMN effective_at SET DEFAULT now(), ALTER COLUMN effective_at SET NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX rates_in_force_idx ON rates (effective_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS rates_in_force_idx`.execute(db);
  await sql`
    ALTER TABLE rates
      DROP CONSTRAINT IF EXISTS rates_four_eyes,
      DROP COLUMN IF EXISTS reason,
      DROP COLUMN IF EXISTS approval_id,
      DROP COLUMN IF EXISTS approved_by,
      DROP COLUMN IF EXISTS set_by,
      DROP COLUMN IF EXISTS effective_at`.execute(db);
}
