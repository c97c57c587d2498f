import type { Transaction } from 'kysely';
import { SUBSCRIPTION_PRICE_CENTS } from '../../../common/api/billing.ts';
import { money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import type { PaymentEvent } from '../../adapters/payments/provider-events.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { enqueuePaymentAction } from './payment-actions.repository.ts';
import { finishSession, type PaymentSessionRow } from './payment-sessions.repository.ts';
import { subscriptionHolds } from './subscriptions.service.ts';
import {
  activate,
  findByProviderId,
  findUserSubscription,
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

/** A refund and/or a cancellation at the provider, recorded now and performed from the outbox after the commit. */
async function undoAtProvider(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  what: { eventId: string; reason: string; paymentId: string | null; refundKey: string; subscriptionId: string | null },
  sessionId: string | null = null,
): Promise<void> {
  const provider = deps.payments.name;
  if (what.paymentId) {
    await enqueuePaymentAction(tx, {
      kind: 'refund',
      provider,
      target: what.paymentId,
      idempotencyKey: what.refundKey,
      reason: what.reason,
      sessionId,
      eventId: what.eventId,
    });
  }
  if (what.subscriptionId) {
    await enqueuePaymentAction(tx, {
      kind: 'cancel_subscription',
      provider,
      target: what.subscriptionId,
      idempotencyKey: `cancel-${what.subscriptionId}`,
      reason: what.reason,
      sessionId,
      eventId: what.eventId,
    });
  }
}

/**
 * A paid checkout of the plan. One plan per customer: a second one while the first still holds (two
 * checkouts opened before either was paid) is refunded and ended at the provider; one that replaces a lapsed plan
 * ends the old one at the provider, so it can never bill again unseen. A wrong amount is refunded and ended too.
 */
export async function activateSubscription(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  session: PaymentSessionRow,
  event: Event<'checkout_completed'>,
): Promise<string> {
  const now = deps.clock.now();
  const undo = async (outcome: string): Promise<string> => {
    await finishSession(tx, session.id, {
      status: 'refunded',
      outcome,
      now,
      paymentId: event.paymentId,
      subscriptionId: event.subscriptionId,
    });
    await undoAtProvider(
      deps,
      tx,
      {
        eventId: event.id,
        reason: outcome,
        paymentId: event.paymentId,
        refundKey: `refund-${session.id}`,
        subscriptionId: event.subscriptionId,
      },
      session.id,
    );
    return outcome;
  };
  if (event.amountTotal !== SUBSCRIPTION_PRICE_CENTS || event.currency !== 'EUR' || !event.subscriptionId) {
    return undo('amount_mismatch');
  }
  const current = await findUserSubscription(tx, session.user_id, true);
  if (current && current.provider_subscription_id !== event.subscriptionId) {
    if (subscriptionHolds(current, now, deps.config.SUBSCRIPTION_GRACE_SECONDS)) return undo('duplicate_subscription');
    if (current.status !== 'canceled') {
      await undoAtProvider(deps, tx, {
        eventId: event.id,
        reason: 'superseded',
        paymentId: null,
        refundKey: '',
        subscriptionId: current.provider_subscription_id,
      });
    }
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

/**
 * A renewal of a plan we do not hold (unknown, or superseded by the customer's newer plan): it would bill forever
 * with nothing in return, so it is ended at the provider and its payment refunded, instead of failing the event.
 */
async function orphan(deps: ServiceDeps, tx: Transaction<Database>, event: Event<'renewal_paid' | 'renewal_failed'>) {
  await undoAtProvider(deps, tx, {
    eventId: event.id,
    reason: 'unknown_subscription',
    paymentId: event.kind === 'renewal_paid' ? event.paymentId : null,
    refundKey: `refund-invoice-${event.invoiceId}`,
    subscriptionId: event.subscriptionId,
  });
  return 'unknown_subscription_canceled';
}

/**
 * A paid renewal: 4.50 EUR books the period; an invoice paid from the customer's credit balance (0) extends it
 * without a posting (the journal refuses a zero entry); any other amount or currency is refunded and recorded,
 * never a failed event (the provider would retry it for days).
 */
export async function renewalPaid(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  event: Event<'renewal_paid'>,
): Promise<string> {
  const row = await findByProviderId(tx, event.subscriptionId);
  if (!row) return orphan(deps, tx, event);
  const reference = `invoice:${event.invoiceId}`;
  if (await paymentBooked(tx, reference)) return 'already_booked';
  const free = event.amountPaid === 0n;
  if (event.currency !== 'EUR' || (!free && event.amountPaid !== SUBSCRIPTION_PRICE_CENTS)) {
    await undoAtProvider(deps, tx, {
      eventId: event.id,
      reason: 'renewal_amount_mismatch',
      paymentId: event.paymentId,
      refundKey: `refund-invoice-${event.invoiceId}`,
      subscriptionId: null,
    });
    return 'renewal_amount_mismatch_refunded';
  }
  if (!free) await bookPeriod(tx, row.id, reference, event.amountPaid, event.periodEnd);
  const periodEnd = event.periodEnd > row.current_period_end ? event.periodEnd : row.current_period_end;
  await updateSubscription(tx, row.id, {
    status: row.status === 'canceled' ? 'canceled' : 'active',
    current_period_end: periodEnd,
    now: deps.clock.now(),
  });
  return free ? 'renewed_from_credit' : 'renewed';
}

export async function renewalFailed(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  event: Event<'renewal_failed'>,
): Promise<string> {
  const row = await findByProviderId(tx, event.subscriptionId);
  if (!row) return orphan(deps, tx, event);
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
