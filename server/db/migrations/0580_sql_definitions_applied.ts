import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';

/**
 * What the database last applied of server/db/sql (the current definitions of its functions and triggers): one
 * row, the digest of the files. After the versioned migrations, the files are applied again only when they changed
 * or a migration ran (server/db/sql-definitions.ts), so a server's start does not lock tables for nothing.
 * Like the migrations' own tables, the app's role only reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sql_definitions_applied (
      checksum text NOT NULL CHECK (checksum ~ '^[0-9a-f]{64}$'),
      files integer NOT NULL CHECK (files >= 0),
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql
    .raw(
      `DO $$ BEGIN
      IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON sql_definitions_applied FROM ${APP_ROLE};
      END IF;
    END $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sql_definitions_applied`.execute(db);
}
