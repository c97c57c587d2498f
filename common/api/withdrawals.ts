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
} as const;

/** A token is 128 random bits in base64url (22 characters); anything else is simply not found. */
export const withdrawalTokenPattern = /^[A-Za-z0-9_-]{22}$/;

export const withdrawalTokenParamsSchema = z.object({ token: z.string().max(64) });

/** `POST /api/withdrawals/{token}/validate/`: the transaction id the teller saw, and the teller's own code. */
export const validateWithdrawalRequestSchema = z.object({
  id: idSchema,
  security_code: sixDigitsSchema(securityCodeErrors.invalid),
});

export type ValidateWithdrawalRequest = z.input<typeof validateWithdrawalRequestSchema>;
