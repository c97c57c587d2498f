import type { Kysely } from 'kysely';

/**
 * wallet_send() writes its idempotency row once, with its response, the transaction's id being drawn first. That
 * was a new text of wallet_send(); its current text is server/db/sql/wallet_send.sql, applied after the migrations,
 * so this migration has nothing left to do.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
