import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentSessionStatus } from '../../db/schema.ts';

export interface PaymentSessionRow {
  id: string;
  provider: 'sandbox' | 'stripe';
  purpose: 'exchange' | 'subscription';
  user_id: string;
  exchange_id: string | null;
  amount: string;
  url: string | null;
  status: PaymentSessionStatus;
  expires_at: Date;
  provider_payment_id: string | null;
  provider_subscription_id: string | null;
  outcome: string | null;
  language: string | null;
  created_at: Date;
}

const columns = [
  'id',
  'provider',
  'purpose',
  'user_id',
  'exchange_id',
  'amount',
  'url',
  'status',
  'expires_at',
  'provider_payment_id',
  'provider_subscription_id',
  'outcome',
  'language',
  'created_at',
] as const;

export async function insertSession(
  tx: Transaction<Database>,
  row: Pick<
    PaymentSessionRow,
    'id' | 'provider' | 'purpose' | 'user_id' | 'exchange_id' | 'amount' | 'expires_at' | 'language'
  >,
): Promise<PaymentSessionRow> {
  return tx.insertInto('payment_sessions').values(row).returning(columns).executeTakeFirstOrThrow();
}

export async function setCheckout(
  db: Kysely<Database>,
  id: string,
  providerSessionId: string,
  url: string,
): Promise<void> {
  await db
    .updateTable('payment_sessions')
    .set({ provider_session_id: providerSessionId, url })
    .where('id', '=', id)
    .where('url', 'is', null)
    .execute();
}

export async function findSession(
  db: Kysely<Database>,
  id: string,
  lock = false,
): Promise<PaymentSessionRow | undefined> {
  const query = db.selectFrom('payment_sessions').select(columns).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The open checkout of an exchange still inside its rate lock, to hand out the same page again. */
export async function findLiveExchangeSession(
  db: Kysely<Database>,
  exchangeId: string,
  notBefore: Date,
): Promise<PaymentSessionRow | undefined> {
  return db
    .selectFrom('payment_sessions')
    .select(columns)
    .where('exchange_id', '=', exchangeId)
    .where('status', '=', 'open')
    .where('expires_at', '>', notBefore)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new amount or a new lock makes the exchange's older checkouts stale: paying one is refunded. */
export async function supersedeOpenSessions(tx: Transaction<Database>, exchangeId: string, now: Date): Promise<void> {
  await tx
    .updateTable('payment_sessions')
    .set({ status: 'superseded', finished_at: now })
    .where('exchange_id', '=', exchangeId)
    .where('status', '=', 'open')
    .execute();
}

export async function finishSession(
  tx: Transaction<Database>,
  id: string,
  change: {
    status: PaymentSessionStatus;
    outcome: string;
    now: Date;
    paymentId?: string | null;
    subscriptionId?: string | null;
  },
): Promise<void> {
  await tx
    .updateTable('payment_sessions')
    .set({
      status: change.status,
      outcome: change.outcome,
      finished_at: change.now,
      ...(change.paymentId !== undefined && { provider_payment_id: change.paymentId }),
      ...(change.subscriptionId !== undefined && { provider_subscription_id: change.subscriptionId }),
    })
    .where('id', '=', id)
    .execute();
}

export async function noteOutcome(tx: Transaction<Database>, id: string, outcome: string): Promise<void> {
  await tx.updateTable('payment_sessions').set({ outcome }).where('id', '=', id).where('status', '=', 'open').execute();
}
