import { z } from 'zod';

/**
 * Provider events in Stripe's shape, reduced to what the billing service acts on. The sandbox emits the same
 * shape, so this is the only parser. Anything else is acknowledged and ignored (Stripe sends many types).
 */
export type PaymentEvent =
  | {
      kind: 'checkout_completed';
      id: string;
      created: Date;
      sessionId: string;
      mode: 'payment' | 'subscription';
      amountTotal: bigint;
      currency: string;
      paymentId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'checkout_expired'; id: string; created: Date; sessionId: string }
  | {
      kind: 'renewal_paid';
      id: string;
      created: Date;
      invoiceId: string;
      subscriptionId: string;
      amountPaid: bigint;
      currency: string;
      /** What to refund if the renewal cannot be honoured (absent on a credit-balance invoice). */
      paymentId: string | null;
      periodEnd: Date;
    }
  | { kind: 'renewal_failed'; id: string; created: Date; invoiceId: string; subscriptionId: string }
  | { kind: 'subscription_deleted'; id: string; created: Date; subscriptionId: string }
  | { kind: 'ignored'; id: string; type: string };

const id = z.string().min(1).max(255);
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const envelope = z.object({
  id,
  type: z.string().max(100),
  created: z.number().int().positive(),
  data: z.object({ object: z.unknown() }),
});

const session = z.object({
  id,
  client_reference_id: id,
  mode: z.enum(['payment', 'subscription']),
  amount_total: minor,
  currency: z.string(),
  payment_status: z.string().optional(),
  payment_intent: id.nullable().optional(),
  subscription: id.nullable().optional(),
});
/** An invoice's subscription: `subscription` before API 2025-03, `parent.subscription_details` since. */
const invoice = z.object({
  id,
  billing_reason: z.string().nullable().optional(),
  amount_paid: minor.optional(),
  currency: z.string().optional(),
  payment_intent: id.nullable().optional(),
  period_end: z.number().int().positive().optional(),
  subscription: id.nullable().optional(),
  parent: z
    .object({ subscription_details: z.object({ subscription: id }).nullable().optional() })
    .nullable()
    .optional(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int().positive() }) })) }).optional(),
});
const subscription = z.object({ id });

export class MalformedEventError extends Error {}

const seconds = (s: number) => new Date(s * 1000);

export function parsePaymentEvent(json: unknown): PaymentEvent {
  const e = envelope.safeParse(json);
  if (!e.success) throw new MalformedEventError('not an event');
  const { id: eventId, type, created } = e.data;
  const object = e.data.data.object;
  const base = { id: eventId, created: seconds(created) };
  const read = <T>(schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(object);
    if (!parsed.success) throw new MalformedEventError(`malformed ${type}`);
    return parsed.data;
  };
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = read(session);
      // An asynchronous method (bank debit) completes unpaid first; only the "succeeded" event is money.
      if (s.payment_status !== undefined && s.payment_status === 'unpaid')
        return { kind: 'ignored', id: eventId, type };
      return {
        kind: 'checkout_completed',
        ...base,
        sessionId: s.client_reference_id,
        mode: s.mode,
        amountTotal: BigInt(s.amount_total),
        currency: s.currency.toUpperCase(),
        paymentId: s.payment_intent ?? null,
        subscriptionId: s.subscription ?? null,
      };
    }
    case 'checkout.session.expired':
      return { kind: 'checkout_expired', ...base, sessionId: read(session).client_reference_id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const i = read(invoice);
      const subscriptionId = i.parent?.subscription_details?.subscription ?? i.subscription ?? null;
      // The first invoice is booked with its checkout; only renewals are handled here.
      if (!subscriptionId || (type === 'invoice.paid' && i.billing_reason !== 'subscription_cycle')) {
        return { kind: 'ignored', id: eventId, type };
      }
      if (type === 'invoice.payment_failed')
        return { kind: 'renewal_failed', ...base, invoiceId: i.id, subscriptionId };
      const periodEnd = i.lines?.data[0]?.period.end ?? i.period_end;
      if (periodEnd === undefined || i.amount_paid === undefined)
        throw new MalformedEventError('invoice without period');
      return {
        kind: 'renewal_paid',
        ...base,
        invoiceId: i.id,
        subscriptionId,
        amountPaid: BigInt(i.amount_paid),
        currency: (i.currency ?? 'eur').toUpperCase(),
        paymentId: i.payment_intent ?? null,
        periodEnd: seconds(periodEnd),
      };
    }
    case 'customer.subscription.deleted':
      return { kind: 'subscription_deleted', ...base, subscriptionId: read(subscription).id };
    default:
      return { kind: 'ignored', id: eventId, type };
  }
}
