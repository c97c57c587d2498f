import { sql, type Kysely } from 'kysely';

// unaccent and pg_trgm serve the accent- and case-insensitive searches (contacts by name, phone or e-mail).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP EXTENSION IF EXISTS pg_trgm`.execute(db);
  await sql`DROP EXTENSION IF EXISTS unaccent`.execute(db);
}
