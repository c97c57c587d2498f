import type { Kysely } from 'kysely';
import { lockFor } from '../../../db/advisory-lock.ts';
import type { Database } from '../../../db/schema.ts';

/**
 * Runs `send` (read the operator's pending nonce, sign, broadcast) while holding a PostgreSQL advisory lock named
 * after the chain and the operator, so that every worker of every process that shares the database hands out
 * nonces one after the other: the node's pending count already includes the previous sender's transaction when
 * the next one reads it. The lock is held for two RPC round trips, never while waiting for the block.
 *
 * A plain transaction, not withTransaction(): re-running `send` after a retryable database error could broadcast
 * a second transaction.
 */
export async function withOperatorNonceLock<T>(
  db: Kysely<Database>,
  scope: { chainId: number; operator: string },
  send: () => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await lockFor(tx, `chain:evm-nonce:${scope.chainId}:${scope.operator.toLowerCase()}`);
    return send();
  });
}
