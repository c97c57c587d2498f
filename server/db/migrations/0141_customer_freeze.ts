import { sql, type Kysely } from 'kysely';

/**
 * A frozen customer (issue 15): signs in and reads their history, moves no money. The services refuse it from the
 * user row the authentication already reads (no extra query); wallet_send() refuses it too, under the sender's row
 * lock, so a send racing the freeze is either before it or refused: the same round trip, one more condition
 * (as migration 0020 foresaw).
 *
 * wallet_send() is patched in place from its current definition rather than restated whole, so this migration
 * keeps whatever other migrations changed in it; it fails loudly if the lines it hooks onto are gone.
 */
const signature = 'wallet_send(bigint, bigint, bigint, bytea, bytea, text, text, text, timestamptz, int, int)';

async function patchWalletSend(db: Kysely<unknown>, from: string[], to: string[]): Promise<void> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${signature}::regprocedure) AS def`.execute(db);
  let def = rows[0]?.def ?? '';
  from.forEach((text, i) => {
    if (!def.includes(text)) throw new Error(`wallet_send() has no "${text}": cannot patch it`);
    def = def.replace(text, to[i] ?? text);
  });
  await sql.raw(def).execute(db);
}

const selectUser = 'phone_number, phone_auth INTO u';
const selectUserFrozen = 'phone_number, phone_auth, frozen_at INTO u';
const afterSelect = 'IF NOT FOUND OR u.hash IS NULL OR u.salt IS NULL THEN';
const frozenCheck = `IF FOUND AND u.frozen_at IS NOT NULL THEN RETURN jsonb_build_object('outcome', 'frozen'); END IF;
      ${afterSelect}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN frozen_at timestamptz,
    ADD COLUMN frozen_reason text CHECK (length(frozen_reason) <= 1000),
    ADD COLUMN frozen_by bigint REFERENCES users (id)`.execute(db);
  await patchWalletSend(db, [selectUser, afterSelect], [selectUserFrozen, frozenCheck]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, [frozenCheck, selectUserFrozen], [afterSelect, selectUser]);
  await sql`ALTER TABLE users DROP COLUMN frozen_at, DROP COLUMN frozen_reason, DROP COLUMN frozen_by`.execute(db);
}
