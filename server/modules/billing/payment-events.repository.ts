import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Claims a provider event for processing in the caller's transaction. The uncommitted row makes a concurrent
 * delivery of the same event wait on the primary key; once the first commits, the second finds it and does
 * nothing; if the first rolls back (crash, error), the event was never processed and a retry processes it.
 */
export async function claimEvent(
  tx: Transaction<Database>,
  event: {
    provider: string;
    id: string;
    type: string;
    sessionId: string | null;
    /** A renewal's invoice, and the amount the provider says was paid (the reconciliation matches them). */
    invoiceId?: string | null;
    amount?: bigint | null;
  },
): Promise<boolean> {
  const row = await tx
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      event_id: event.id,
      type: event.type,
      session_id: event.sessionId,
      invoice_id: event.invoiceId ?? null,
      amount: event.amount ?? null,
      outcome: 'processing',
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordOutcome(
  tx: Transaction<Database>,
  provider: string,
  id: string,
  outcome: string,
): Promise<void> {
  await tx
    .updateTable('payment_events')
    .set({ outcome })
    .where('provider', '=', provider)
    .where('event_id', '=', id)
    .execute();
}

export async function eventOutcome(
  tx: Transaction<Database>,
  provider: string,
  id: string,
): Promise<string | undefined> {
  const row = await tx
    .selectFrom('payment_events')
    .select('outcome')
    .where('provider', '=', provider)
    .where('event_id', '=', id)
    .executeTakeFirst();
  return row?.outcome;
}
