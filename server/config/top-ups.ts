import { z } from 'zod';

/** Money coming in: top-ups, rate locks, subscriptions, card payments (exchanges, billing). Composed with the other areas in server/config.ts. */
export const topUpVariables = {
  // Add money: the top-up bound in whole euros (a top-up is at least 1 EUR).
  TOPUP_MAX_EUR: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** How long a validated exchange keeps its rate; a payment made later is refunded, never credited at it. */
  RATE_LOCK_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** How long the figures a draft shows are honoured by validation (the price shown is the price paid). */
  QUOTE_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** After a period's end, how long an unpaid renewal keeps the plan and its rate: the provider's retry span. */
  SUBSCRIPTION_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(3 * 86_400),
  /** Stripe when set (Checkout Sessions, webhooks signed with STRIPE_WEBHOOK_SECRET); else the built-in sandbox. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Signs the sandbox's events; derived from SECRET_KEY when unset. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
};
