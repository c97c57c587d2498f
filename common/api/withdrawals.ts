import { z } from 'zod';
import { sixDigitsSchema } from './auth.ts';
import { idSchema } from './transactions.ts';
import { securityCodeErrors } from './users.ts';

/** The teller's messages (SPEC.md section 8, Teller): the screens translate them. */
export const withdrawalMessages = {
  otherAgency: 'Transaction intended for another agency.',
  alreadyValidated: 'This withdrawal has already been made.',
  expired: 'This withdrawal has expired.',
  cancelled: 'This withdrawal was cancelled.',
  idMismatch: 'This withdrawal does not match the scanned code.',
  heldByOtherCounter: 'This withdrawal is being paid out at another counter.',
} as const;

/** The customer's cancel while a teller holds the withdrawal for payout (issue 22 item 1): a 409. */
export const beingPaidOutMessage = 'This withdrawal is being paid out at the agency.';

/** A token is 128 random bits in base64url (22 characters); anything else is simply not found. */
export const withdrawalTokenPattern = /^[A-Za-z0-9_-]{22}$/;

export const withdrawalTokenParamsSchema = z.object({ token: z.string().max(64) });

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
