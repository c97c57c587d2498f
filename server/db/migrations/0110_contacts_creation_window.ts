import { sql, type Kysely } from 'kysely';

/**
 * The per-customer limit on adding recipients counts the last hour's creations, deleted ones
 * included (contacts_owner_idx covers live rows only), so this reads a customer's recent rows from one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS contacts_owner_created_idx ON contacts (owner_user_id, created_at)
    WHERE NOT public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS contacts_owner_created_idx`.execute(db);
}
