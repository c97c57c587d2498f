import { sql, type Kysely } from 'kysely';

/**
 * wallet_send() writes its idempotency row once (issue 13, ADR 010 "A send's own database cost"). It inserted the
 * key without a response, then updated it with `{"id": N, "present": true}` at the end: two heap versions of one
 * row (and a dead one for VACUUM) in every send with a key. The response is known before the work starts once the
 * transaction's id is drawn first, so the row is now inserted with it. Nothing else changes: the row is still
 * inserted before the work, so a concurrent twin still waits on its uncommitted key and then replays the
 * committed response; every refusal after it still raises (the row rolls back with the work) except the limit
 * refusal, which still deletes it; no statement of the send reads the row back. A refused or replayed send now
 * uses up a transaction id, as a rolled-back one always did (ids have gaps).
 *
 * Patched in place from the current definition (as 0141, 0190, 0342 do); fails loudly if a hook is gone.
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

const claim = `IF p_key IS NOT NULL THEN
        INSERT INTO idempotency_keys (scope, key, request_hash) VALUES (p_scope, p_key, p_request_hash)
          ON CONFLICT (scope, key) DO NOTHING;`;
const claimWithResponse = `-- The id first, so the key is written once, with its response (migration 0440).
      v_id := nextval('transactions_id_seq'::regclass);
      IF p_key IS NOT NULL THEN
        INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
          VALUES (p_scope, p_key, p_request_hash, 201, jsonb_build_object('id', v_id, 'present', true))
          ON CONFLICT (scope, key) DO NOTHING;`;
const drawId = `v_id := nextval(pg_get_serial_sequence('transactions', 'id'));`;
const idDrawn = `-- v_id was drawn before the idempotency key (migration 0440).`;
const store = `IF p_key IS NOT NULL THEN
        UPDATE idempotency_keys SET response_status = 201, response_body = jsonb_build_object('id', v_id, 'present', true)
         WHERE scope = p_scope AND key = p_key;
      END IF;`;
const stored = `-- The key's response was written with the key (migration 0440).`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, [claim, drawId, store], [claimWithResponse, idDrawn, stored]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, [claimWithResponse, idDrawn, stored], [claim, drawId, store]);
}
