import { z } from 'zod';
import { sixDigitsSchema } from './auth.ts';
import { payoutFactsSchema } from './pickups.ts';
import { idSchema, timeZoneQuery, transactionSchema } from './transactions.ts';
import { securityCodeErrors } from './users.ts';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export { withdrawalMessages, beingPaidOutMessage } from './messages.ts';

/** A token is 128 random bits in base64url (22 characters); anything else is simply not found. */
export const withdrawalTokenPattern = /^[A-Za-z0-9_-]{22}$/;

export const withdrawalTokenParamsSchema = z.object({ token: z.string().max(64) });

/** `GET /api/withdrawals/{token}/`: the withdrawal, and once paid out, when, where and by whom. */
export const tellerWithdrawalSchema = transactionSchema.extend({ paid: payoutFactsSchema.nullable() });
export type TellerWithdrawal = z.infer<typeof tellerWithdrawalSchema>;

/** `POST /api/withdrawals/{token}/validate/`: the transaction id the teller saw, and the teller's own code. */
export const validateWithdrawalRequestSchema = z.object({
  id: idSchema,
  security_code: sixDigitsSchema(securityCodeErrors.invalid),
});

export type ValidateWithdrawalRequest = z.input<typeof validateWithdrawalRequestSchema>;

/**
 * `POST /api/withdrawals/{token}/reserve/` and `.../release/`: the transaction id the teller saw. A reservation
 * holds the withdrawal for this teller until `reserved_until` (PAYOUT_RESERVATION_SECONDS); a release ends it now.
 */
export const withdrawalReservationRequestSchema = z.object({ id: idSchema });

export const withdrawalReservationSchema = z.object({
  id: z.number().int(),
  /** ISO 8601; null once released. */
  reserved_until: z.string().nullable(),
});

export type WithdrawalReservation = z.infer<typeof withdrawalReservationSchema>;

/** `GET /api/withdrawals/today/?tz=`: the teller's day is their agency's, in the browser's zone (UTC when absent). */
export const payoutsTodayQuerySchema = z.object({ tz: timeZoneQuery.optional() });

/**
 * What the teller's agency paid out today: withdrawals and cash pickups validated at this
 * agency since local midnight, their number and total in MAD.
 */
export const payoutsTodaySchema = z.object({
  /** The local day counted, YYYY-MM-DD. */
  date: z.string(),
  count: z.number().int(),
  /** MAD, 2 decimals ("1500.00"). */
  total: z.string(),
});

export type PayoutsToday = z.infer<typeof payoutsTodaySchema>;
