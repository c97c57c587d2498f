import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SubscriptionRow {
  id: string;
  user_id: string;
  provider: string;
  provider_subscription_id: string;
  status: 'active' | 'past_due' | 'canceled';
  current_period_end: Date;
  cancel_at_period_end: boolean;
}

const columns = [
  'id',
  'user_id',
  'provider',
  'provider_subscription_id',
  'status',
  'current_period_end',
  'cancel_at_period_end',
] as const;

export async function findUserSubscription(
  db: Kysely<Database>,
  userId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db.selectFrom('subscriptions').select(columns).where('user_id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function findByProviderId(
  tx: Transaction<Database>,
  providerId: string,
): Promise<SubscriptionRow | undefined> {
  return tx
    .selectFrom('subscriptions')
    .select(columns)
    .where('provider_subscription_id', '=', providerId)
    .forUpdate()
    .executeTakeFirst();
}

/** A (re)subscription: one row per user, replaced by the new plan when an older one had ended. */
export async function activate(
  tx: Transaction<Database>,
  row: { userId: string; provider: string; providerId: string; periodEnd: Date; now: Date },
): Promise<SubscriptionRow> {
  const values = {
    provider: row.provider,
    provider_subscription_id: row.providerId,
    status: 'active' as const,
    current_period_end: row.periodEnd,
    cancel_at_period_end: false,
    updated_at: row.now,
  };
  return tx
    .insertInto('subscriptions')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateSubscription(
  db: Kysely<Database>,
  id: string,
  change: Partial<Pick<SubscriptionRow, 'status' | 'current_period_end' | 'cancel_at_period_end'>> & { now: Date },
): Promise<void> {
  const { now, ...rest } = change;
  await db
    .updateTable('subscriptions')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Books one paid period once: false when this invoice (or checkout) was already booked. */
export async function insertPayment(
  tx: Transaction<Database>,
  row: { reference: string; subscriptionId: string; amount: bigint; ledgerEntryId: string; periodEnd: Date },
): Promise<void> {
  await tx
    .insertInto('subscription_payments')
    .values({
      reference: row.reference,
      subscription_id: row.subscriptionId,
      amount: row.amount,
      ledger_entry_id: row.ledgerEntryId,
      period_end: row.periodEnd,
    })
    .execute();
}

export async function paymentBooked(tx: Transaction<Database>, reference: string): Promise<boolean> {
  const row = await tx
    .selectFrom('subscription_payments')
    .select('reference')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}
