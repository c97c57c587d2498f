import type { Kysely } from 'kysely';

/**
 * A send racing its recipient's account closure: wallet_send() re-reads the recipient after the post and, closed,
 * raises a serialization failure so the service retries the send on the general path. That was a new text of
 * wallet_send(); its current text is server/db/sql/wallet_send.sql, applied after the migrations, so this migration
 * has nothing left to do.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
