import { sql, type Kysely } from 'kysely';

/**
 * A send racing its recipient's account closure (issue 16, ADR 015). The closure holds the recipient's wallet
 * locked from its zero-balance check to its commit; a send that had read the recipient before then waits for that
 * lock in ledger_post() and would credit the closed wallet. wallet_send() now re-reads the recipient after the
 * post (a new statement: it sees the closure that just committed) and, closed, raises a serialization failure: the
 * whole send rolls back and the service retries it, when the closure has unlinked the recipient, so the send takes
 * the general path and waits, unclaimed, like any send to someone without an account. One primary-key read per send.
 *
 * Patched in place from the current definition (as 0141 and 0190 do); fails loudly if its hook is gone.
 */
const signature = 'wallet_send(bigint, bigint, bigint, bytea, bytea, text, text, text, timestamptz, int, int)';

async function patchWalletSend(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef(${signature}::regprocedure) AS def`.execute(db);
  const def = rows[0]?.def ?? '';
  if (!def.includes(from)) throw new Error(`wallet_send() has no "${from}": cannot patch it`);
  await sql.raw(def.replace(from, to)).execute(db);
}

const afterPost = `ARRAY[-p_amount, p_amount])
       LIMIT 1;`;
const recheck = `${afterPost}
      IF EXISTS (SELECT 1 FROM users WHERE id = c.contact_user AND closed_at IS NOT NULL) THEN
        RAISE EXCEPTION 'recipient % closed their account', c.contact_user USING ERRCODE = 'serialization_failure';
      END IF;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, afterPost, recheck);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await patchWalletSend(db, recheck, afterPost);
}
