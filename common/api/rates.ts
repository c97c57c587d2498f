import { z } from 'zod';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const amount = z.string().regex(/^\d+\.\d{2}$/);

/** `GET /api/rates/`: the public rates (MAD per EUR), the card fee fraction and the add-money bounds. */
export const ratesSchema = z.object({
  /** Official rate, MAD per EUR. */
  official: decimal,
  /** The rate without a subscription. */
  freemium: decimal,
  /** The rate with the monthly subscription. */
  subscription: decimal,
  /** Card fee as a fraction (0.016 = 1.6 %). */
  fee: decimal,
  /** The monthly price of the subscription, EUR. */
  subscription_price: amount,
  /** Add-money bounds in EUR. */
  min_amount: amount,
  max_amount: amount,
  /** Bounds of one send or withdrawal in MAD (TRANSFER_MIN_MAD / TRANSFER_MAX_MAD): the create screen checks them at step 1. */
  transfer_min_amount: amount,
  transfer_max_amount: amount,
  /** How many days a cash pickup waits at the agencies before it returns to the sender (PICKUP_TTL_SECONDS). */
  pickup_valid_days: z.number().int().positive().optional(),
  updated_at: z.string(),
});

export type Rates = z.infer<typeof ratesSchema>;
