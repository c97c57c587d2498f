import type { Kysely } from 'kysely';

/**
 * limit_take() counts a movement on the UTC day of the database's clock, the one its transaction's created_at is
 * stamped with, so a movement counted and later released fall on the same day. That was a new text of
 * limit_take(); its current text is server/db/sql/limit_take.sql, applied after the migrations, so this migration
 * has nothing left to do.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
