import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { leaseDue, markFailed } from '../../jobs/outbox-queue.ts';

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

/** Leases due actions (server/jobs/outbox-queue.ts: SKIP LOCKED, the lease pushes next_attempt_at on). */
export async function leaseDueActions(
  db: Kysely<Database>,
  options: { limit: number; leaseSeconds: number; eventId?: string },
): Promise<PaymentAction[]> {
  const ids = await leaseDue(db, 'payment_actions', {
    limit: options.limit,
    leaseSeconds: options.leaseSeconds,
    ...(options.eventId !== undefined && { where: sql<boolean>`event_id = ${options.eventId}` }),
  });
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_actions')
    .select(['id', 'kind', 'target', 'idempotency_key', 'attempts'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function markActionDone(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('payment_actions')
    .set({ done_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Reschedules a failed action, or makes it a dead letter once it has had `maxAttempts` attempts (returns true). */
export function markActionFailed(
  db: Kysely<Database>,
  id: string,
  delayMs: number,
  error: string,
  maxAttempts: number,
): Promise<boolean> {
  return markFailed(db, 'payment_actions', id, delayMs, error, maxAttempts);
}

