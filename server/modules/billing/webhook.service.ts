import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { MalformedEventError, parsePaymentEvent, type PaymentEvent } from '../../adapters/payments/provider-events.ts';
import { InvalidSignatureError, verifySignature } from '../../adapters/payments/webhook-signature.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { runPaymentActions } from './payment-actions.worker.ts';
import { claimEvent, eventOutcome, recordOutcome } from './payment-events.repository.ts';
import { findSession, noteOutcome } from './payment-sessions.repository.ts';
import { activateSubscription, renewalFailed, renewalPaid, subscriptionDeleted } from './subscription-events.ts';

export const webhookMessages = {
  invalidSignature: 'Invalid signature.',
  malformed: 'Malformed event.',
} as const;

function readEvent(deps: ServiceDeps, raw: Buffer, signature: string | undefined): PaymentEvent {
  try {
    verifySignature(raw, signature, deps.payments.webhookSecret, deps.clock.now());
    return parsePaymentEvent(JSON.parse(raw.toString('utf8')));
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw badRequest(webhookMessages.invalidSignature);
    if (error instanceof MalformedEventError || error instanceof SyntaxError)
      throw badRequest(webhookMessages.malformed);
    throw error;
  }
}

const sessionOf = (event: PaymentEvent) => ('sessionId' in event ? event.sessionId : null);

/** What the provider says it was paid and for which invoice, kept with the event for the reconciliation. */
function paymentOf(event: PaymentEvent): { invoiceId: string | null; amount: bigint | null } {
  if (event.kind === 'renewal_paid') return { invoiceId: event.invoiceId, amount: event.amountPaid };
  if (event.kind === 'checkout_completed') return { invoiceId: null, amount: event.amountTotal };
  return { invoiceId: null, amount: null };
}

/**
 * `POST /api/billing/webhook/`: verifies the signature on the raw body, then applies the event exactly once: the
 * event id is claimed in the same transaction as its effect, so a replay (same id) changes nothing, a crash before
 * commit leaves nothing (the provider's retry then applies it), and two deliveries at once queue on the claim.
 */
export async function handleWebhook(deps: ServiceDeps, raw: Buffer, signature: string | undefined): Promise<string> {
  const event = readEvent(deps, raw, signature);
  const provider = deps.payments.name;
  const outcome = await withTransaction(deps.db, async (tx) => {
    const type = event.kind === 'ignored' ? event.type : event.kind;
    const claimed = await claimEvent(tx, {
      provider,
      id: event.id,
      type,
      sessionId: sessionOf(event),
      ...paymentOf(event),
    });
    if (!claimed) return `duplicate:${(await eventOutcome(tx, provider, event.id)) ?? 'unknown'}`;
    const applied = await apply(deps, tx, event);
    await recordOutcome(tx, provider, event.id, applied);
    return applied;
  });
  // The refunds and cancellations this event decided, now that they are committed; whatever fails here is
  // retried by the worker with the same idempotency keys, so the event itself is done.
  await runPaymentActions(deps, { eventId: event.id }).catch(() => undefined);
  return outcome;
}

async function apply(deps: ServiceDeps, tx: Transaction<Database>, event: PaymentEvent): Promise<string> {
  switch (event.kind) {
    case 'checkout_completed': {
      const session = await findSession(tx, event.sessionId, true);
      if (!session) return 'unknown_session';
      // Paid is final, and a refund is final: a second "completed" for the same checkout changes nothing.
      if (session.status === 'paid' || session.status === 'refunded') return `already_${session.status}`;
      if (session.purpose !== (event.mode === 'payment' ? 'exchange' : 'subscription')) return 'mode_mismatch';
      return session.purpose === 'exchange'
        ? deps.ports.billing.settleTopUp(deps, tx, session, event)
        : activateSubscription(deps, tx, session, event);
    }
    case 'checkout_expired': {
      const session = await findSession(tx, event.sessionId, true);
      if (!session) return 'unknown_session';
      // Only an open checkout expires; a late "expired" after a payment must not touch it.
      if (session.status !== 'open') return 'ignored_not_open';
      await noteOutcome(tx, session.id, 'expired');
      return 'expired';
    }
    case 'renewal_paid':
      return renewalPaid(deps, tx, event);
    case 'renewal_failed':
      return renewalFailed(deps, tx, event);
    case 'subscription_deleted':
      return subscriptionDeleted(deps, tx, event);
    case 'ignored':
      return 'ignored';
  }
}
