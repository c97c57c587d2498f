import { sql, type Kysely } from 'kysely';

/**
 * A frozen customer signs in and reads their history, and moves no money: `users.frozen_at` (with the reason and
 * the operator). The services refuse a frozen customer from the user row the authentication already reads, and
 * wallet_send() refuses it under the sender's row lock (server/db/sql/wallet_send.sql), so a send racing the
 * freeze is either before it or refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN frozen_at timestamptz,
    ADD COLUMN frozen_reason text CHECK (length(frozen_reason) <= 1000),
    ADD COLUMN frozen_by bigint REFERENCES users (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN frozen_at, DROP COLUMN frozen_reason, DROP COLUMN frozen_by`.execute(db);
}
