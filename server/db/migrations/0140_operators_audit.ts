import { sql, type Kysely } from 'kysely';

/**
 * Operator back-office (part 1).
 *
 * - Two more roles: OPERATOR (the back-office) and AUDITOR (reads what an operator reads, changes nothing).
 *   Neither belongs to an agency (the teller's agency constraint is unchanged).
 * - `audit`: one row per operator action and operator sign-in: who (user and role as of then), what (action),
 *   on what (target type and id), why (reason), the state before and after, when, and the HTTP request id.
 *   Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, for every database role, the app's included.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check
    CHECK (role IN ('customer', 'BANKER', 'OPERATOR', 'AUDITOR'))`.execute(db);

  await sql`
    CREATE TABLE audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_user_id bigint REFERENCES users (id),
      actor_role text NOT NULL,
      action text NOT NULL CHECK (action ~ '^[a-z_.]{1,64}$'),
      target_type text CHECK (length(target_type) <= 40),
      target_id text CHECK (length(target_id) <= 100),
      reason text CHECK (length(reason) <= 1000),
      before jsonb,
      after jsonb,
      request_id text CHECK (length(request_id) <= 100),
      ip text CHECK (length(ip) <= 64),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_created_idx ON audit (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_actor_idx ON audit (actor_user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_target_idx ON audit (target_type, target_id, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_no_update_delete BEFORE UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
  await sql`CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_append_only()`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'BANKER'))`.execute(db);
}
