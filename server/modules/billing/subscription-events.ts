import type { Transaction } from 'kysely';
import { SUBSCRIPTION_PRICE_CENTS } from '../../../common/api/billing.ts';
import { money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { serviceUnavailable } from '../../http/http-error.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import type { PaymentEvent } from '../../adapters/payments/provider-events.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { finishSession, type PaymentSessionRow } from './payment-sessions.repository.ts';
import {
  activate,
  findByProviderId,
  insertPayment,
  paymentBooked,
  updateSubscription,
} from './subscriptions.repository.ts';

type Event<K extends PaymentEvent['kind']> = Extract<PaymentEvent, { kind: K }>;

/** One calendar month later (Jan 31 -> Feb 28/29), as card schemes bill monthly plans. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** Subscription revenue: one balanced entry per paid period, booked once per invoice reference. */
async function bookPeriod(
  tx: Transaction<Database>,
  subscriptionId: string,
  reference: string,
  amount: bigint,
  periodEnd: Date,
): Promise<void> {
  const [clearing, revenue] = await Promise.all([
    platformAccount(tx, 'card_clearing', 'EUR'),
    platformAccount(tx, 'subscription_revenue', 'EUR'),
  ]);
  const entry = await post(tx, {
    kind: 'subscription',
    reference: { type: 'subscription_payment', id: reference },
    postings: [
      { accountId: clearing.id, amount: money('EUR', -amount) },
      { accountId: revenue.id, amount: money('EUR', amount) },
    ],
  });
  await insertPayment(tx, { reference, subscriptionId, amount, ledgerEntryId: entry.id, periodEnd });
}

export async function activateSubscription(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  session: PaymentSessionRow,
  event: Event<'checkout_completed'>,
): Promise<string> {
  const now = deps.clock.now();
  if (event.amountTotal !== SUBSCRIPTION_PRICE_CENTS || !event.subscriptionId) {
    await finishSession(tx, session.id, { status: 'refunded', outcome: 'amount_mismatch', now });
    if (event.paymentId) await deps.payments.refund(event.paymentId, `refund-${session.id}`);
    return 'amount_mismatch';
  }
  const periodEnd = addMonth(event.created);
  const subscription = await activate(tx, {
    userId: session.user_id,
    provider: deps.payments.name,
    providerId: event.subscriptionId,
    periodEnd,
    now,
  });
  await bookPeriod(tx, subscription.id, `checkout:${session.id}`, event.amountTotal, periodEnd);
  await finishSession(tx, session.id, {
    status: 'paid',
    outcome: 'subscribed',
    now,
    paymentId: event.paymentId,
    subscriptionId: event.subscriptionId,
  });
  return 'subscribed';
}

/** A renewal or a failed one can only be applied to a subscription we know; before its activation, retry later. */
async function known(tx: Transaction<Database>, providerId: string) {
  const row = await findByProviderId(tx, providerId);
  // 503: the provider redelivers later, after the activation event (events are not ordered).
  if (!row) throw serviceUnavailable();
  return row;
}

export async function renewalPaid(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  event: Event<'renewal_paid'>,
): Promise<string> {
  const row = await known(tx, event.subscriptionId);
  const reference = `invoice:${event.invoiceId}`;
  if (await paymentBooked(tx, reference)) return 'already_booked';
  await bookPeriod(tx, row.id, reference, event.amountPaid, event.periodEnd);
  const periodEnd = event.periodEnd > row.current_period_end ? event.periodEnd : row.current_period_end;
  await updateSubscription(tx, row.id, {
    status: row.status === 'canceled' ? 'canceled' : 'active',
    current_period_end: periodEnd,
    now: deps.clock.now(),
  });
  return 'renewed';
}

export async function renewalFailed(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  event: Event<'renewal_failed'>,
): Promise<string> {
  const row = await known(tx, event.subscriptionId);
  // A failure older than a renewal that already extended the period is stale (events arrive in any order).
  if (row.current_period_end.getTime() > event.created.getTime() + 86_400_000) return 'stale';
  if (row.status !== 'active') return 'unchanged';
  await updateSubscription(tx, row.id, { status: 'past_due', now: deps.clock.now() });
  return 'past_due';
}

export async function subscriptionDeleted(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  event: Event<'subscription_deleted'>,
): Promise<string> {
  const row = await findByProviderId(tx, event.subscriptionId);
  if (!row) return 'unknown_subscription';
  await updateSubscription(tx, row.id, { status: 'canceled', now: deps.clock.now() });
  return 'canceled';
}
