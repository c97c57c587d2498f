import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { amountSchema } from '../money/amount-schema.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

const amount = z.string().regex(/^\d+\.\d{2}$/);
const decimal = z.string().regex(/^\d+(\.\d+)?$/);

/** Field messages of the add-money amount (the bounds come from configuration). */
export const exchangeMessages = {
  belowMinimum: 'Ensure this value is greater than or equal to 1.',
  aboveMaximum: (max: string) => `Ensure this value is less than or equal to ${max}.`,
  alreadyPaid: 'This exchange is already paid.',
  requoted: 'The rates changed or the price expired: check the new figures and confirm again.',
  validatedQuery: 'Must be true or false.',
} as const;

/** `POST /api/exchanges/` and `PATCH /api/exchanges/{id}/`: the euros to convert (before the card fee). */
export const exchangeRequestSchema = z.object({ from_amount: amountSchema('EUR') });

/** An exchange with what it was priced at; `fees` is a fraction (0.016 = 1.6 %). */
export const exchangeSchema = z.object({
  id: z.number().int(),
  /** EUR converted. */
  from_amount: amount,
  /** MAD bought (whole dirhams). */
  to_amount: amount,
  fees: decimal,
  /** EUR card fee: from_amount x fees, to the cent. */
  fee_amount: amount,
  /** What the card is charged: from_amount + fee_amount. */
  total_amount: amount,
  /** The card fee in MAD (fee_amount x official rate, whole dirhams), for the details. */
  fee_amount_mad: amount,
  /** The rate applied (subscription or freemium), and the official rate, MAD per EUR. */
  rate: decimal,
  official_rate: decimal,
  /** True once paid and credited. */
  validated: z.boolean(),
  /** Set by validation: the rate is held until then. */
  locked_until: z.string().nullable(),
  /**
   * These figures are a quote: validation honours them until then (and then locks them for the payment); after it,
   * or after a rate change, validation answers 409 with a new quote. Null only on a paid exchange from before quotes.
   */
  quote_expires_at: z.string().nullable(),
});

/** 409 of validate: the quote the customer saw no longer holds; here is the new one, to show and confirm again. */
export const requotedSchema = z.object({ detail: z.string(), quote: exchangeSchema });

export const exchangesQuerySchema = pageQuerySchema.extend({
  validated: z.enum(['true', 'false'], { message: exchangeMessages.validatedQuery }).optional(),
});
export const exchangesPageSchema = pagedResponseSchema(exchangeSchema);
export const exchangeIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** `GET|POST /api/exchanges/{id}/validate/` and `GET /api/billing/create_subscription/`: the checkout page. */
export const checkoutUrlSchema = z.object({ url: z.string() });
/** The app's language, so that the provider's return lands in it (the return URL carries no other state). */
export const checkoutQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

export type Exchange = z.infer<typeof exchangeSchema>;
export type ExchangeRequest = z.input<typeof exchangeRequestSchema>;
