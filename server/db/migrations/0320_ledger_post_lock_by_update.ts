import type { Kysely } from 'kysely';

/**
 * ledger_post() without its separate lock pass: each account updated once, in ascending id order, by an UPDATE
 * whose WHERE carries the checks. That was a new text of ledger_post(); its current text is
 * server/db/sql/ledger_post.sql, applied after the migrations, so this migration has nothing left to do.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
