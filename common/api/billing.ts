import { z } from 'zod';

const amount = z.string().regex(/^\d+\.\d{2}$/);

/** The monthly plan: 4.50 EUR. */
export const SUBSCRIPTION_PRICE_CENTS = 450n;

/**
 * The subscription as the provider last reported it. `active` is what gives the better rate: true while paid up,
 * including after a cancellation until `current_period_end`.
 */
export const subscriptionStateSchema = z.object({
  active: z.boolean(),
  status: z.enum(['none', 'active', 'past_due', 'canceled']),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
  price: amount,
});

/**
 * `GET /api/billing/sessions/{id}/`: what the return page shows after the provider sends the browser back.
 * `status` is open until the provider's event arrives (the page polls), then paid or refunded (a payment after
 * the rate lock); `superseded` when the amount was changed after validation.
 */
export const paymentSessionSchema = z.object({
  id: z.string(),
  purpose: z.enum(['exchange', 'subscription']),
  status: z.enum(['open', 'paid', 'refunded', 'superseded']),
  outcome: z.string().nullable(),
  amount: amount,
  /** MAD credited (top-ups), once paid. */
  to_amount: amount.nullable(),
  /** The wallet balance now, MAD. */
  balance: amount,
});

export const paymentSessionParamsSchema = z.object({ id: z.string().regex(/^ps_[A-Za-z0-9]{16,64}$/) });
export const webhookAckSchema = z.object({ received: z.literal(true), outcome: z.string() });

export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;
export type PaymentSessionView = z.infer<typeof paymentSessionSchema>;
