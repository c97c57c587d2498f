import { sql, type Kysely } from 'kysely';

/**
 * Who made someone staff, and since when. Four eyes would mean nothing if one operator could make the second
 * pair: an operator may not decide a request made before they had their role, nor one made by the operator who
 * asked for them to be added (server/modules/ops/approval-rules.ts). `role_since` is when the user got the role
 * they have now; `role_added_by` is the operator who asked for it (null: the command line, a sign-up, or before
 * this was kept).
 *
 * Existing staff: the newest audit line that gave them their role says when and by whom; without one (seeded,
 * older than the audit), their account's creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN role_since timestamptz,
    ADD COLUMN role_added_by bigint REFERENCES users (id)`.execute(db);
  await sql`
    UPDATE users u SET role_since = coalesce(g.created_at, u.created_at), role_added_by = g.actor_user_id
      FROM users v
      LEFT JOIN LATERAL (
        SELECT a.created_at, a.actor_user_id FROM audit a
         WHERE a.target_type = 'user' AND a.target_id = v.id::text AND a.action IN ('operator.add', 'teller.add')
         ORDER BY a.id DESC LIMIT 1
      ) g ON true
     WHERE v.id = u.id`.execute(db);
  await sql`ALTER TABLE users ALTER COLUMN role_since SET DEFAULT now(), ALTER COLUMN role_since SET NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS role_added_by, DROP COLUMN IF EXISTS role_since`.execute(db);
}
