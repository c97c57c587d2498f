import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of `payment_actions` (migration 0041): the provider calls a webhook decided, performed after its commit. */

export interface PaymentAction {
  id: string;
  kind: 'refund' | 'cancel_subscription';
  target: string;
  idempotency_key: string;
  attempts: number;
}

/** Records the intent in the caller's transaction; the same key again is the same intent (nothing added). */
export async function enqueuePaymentAction(
  tx: Transaction<Database>,
  action: {
    kind: PaymentAction['kind'];
    provider: string;
    target: string;
    idempotencyKey: string;
    reason: string;
    sessionId?: string | null;
    eventId: string;
  },
): Promise<void> {
  await tx
    .insertInto('payment_actions')
    .values({
      kind: action.kind,
      provider: action.provider,
      target: action.target,
      idempotency_key: action.idempotencyKey,
      reason: action.reason,
      session_id: action.sessionId ?? null,
      event_id: action.eventId,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** Leases due actions as leaseDueJobs does for anchoring: SKIP LOCKED, and the lease pushes next_attempt_at on. */
export async function leaseDueActions(
  db: Kysely<Database>,
  options: { limit: number; leaseSeconds: number; eventId?: string },
): Promise<PaymentAction[]> {
  return db.transaction().execute(async (tx) => {
    let due = tx
      .selectFrom('payment_actions')
      .select('id')
      .where('done_at', 'is', null)
      .where('dead_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .limit(options.limit)
      .forUpdate()
      .skipLocked();
    if (options.eventId !== undefined) due = due.where('event_id', '=', options.eventId);
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return tx
      .updateTable('payment_actions')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where('id', 'in', ids)
      .returning(['id', 'kind', 'target', 'idempotency_key', 'attempts'])
      .execute();
  });
}

export async function markActionDone(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('payment_actions')
    .set({ done_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Reschedules a failed action, or makes it a dead letter once it has had `maxAttempts` attempts (returns true). */
export async function markActionFailed(
  db: Kysely<Database>,
  id: string,
  delayMs: number,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  const row = await db
    .updateTable('payment_actions')
    .set({
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
      last_error: error.slice(0, 500),
      dead_at: sql<Date | null>`CASE WHEN attempts >= ${maxAttempts}::int THEN now() END`,
    })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .returning('dead_at')
    .executeTakeFirst();
  return row !== undefined && row.dead_at !== null;
}

/** The dead letters, newest first (the operator's list). */
export async function listDeadActions(db: Kysely<Database>, limit = 1000) {
  return db
    .selectFrom('payment_actions')
    .select(['id', 'kind', 'target', 'attempts', 'last_error', 'dead_at', 'created_at'])
    .where('dead_at', 'is not', null)
    .orderBy('dead_at', 'desc')
    .limit(limit)
    .execute();
}

/** Puts dead letters back in the queue (all, or those ids) with a fresh count; the provider key stays the same. */
export async function retryDeadActions(db: Kysely<Database>, ids?: readonly string[]): Promise<number> {
  if (ids?.length === 0) return 0;
  let query = db
    .updateTable('payment_actions')
    .set({ dead_at: null, attempts: 0, next_attempt_at: sql<Date>`now()` })
    .where('dead_at', 'is not', null);
  if (ids) query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
