import { genericMessages } from './errors.ts';
import { z } from 'zod';
import { COUNTRIES } from '../identity/phone.ts';
import { emailSchema, phoneSchema, roleSchema, sixDigitsSchema } from './auth.ts';
import { guessableSecurityCodeMessage, loginCodeMessage, securityCodeMessage } from './messages.ts';
import { isGuessableSecurityCode } from '../identity/security-code-strength.ts';
import { LIMIT_KINDS } from './limits.ts';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export {
  accountFrozenMessage,
  closeAccountMessages,
  profileMessages,
  securityCodeErrors,
  securityCodeMessage,
} from './messages.ts';

/** A decimal string with 2 decimals for amounts ("150.00"), 4 for rates ("10.8500"). */
const decimalString = z.string().regex(/^-?\d+\.\d+$/);

/** The current user, the only item of `GET /api/users/`. */
/** One rolling 30-day limit as its customer (GET /api/users/) and the back-office (a customer's detail) read it. */
export const userLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  currency: z.enum(['EUR', 'MAD']),
  limit: decimalString,
  used: decimalString,
  remaining: decimalString,
  resets_at: z.string().nullable(),
  per_operation: decimalString,
});

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  /**
   * The phone is proven: the one a phone user signs in with, or a profile phone once its SMS code is entered
   * (POST /api/users/{id}/phone_confirmation/). False without a phone.
   */
  phone_confirmed: z.boolean(),
  /**
   * The e-mail address is proven (by a sign-in code or its confirmation link). False without an address; false for
   * an address set on the profile until its link is opened (POST /api/users/{id}/email_confirmation/ sends another).
   */
  email_confirmed: z.boolean(),
  /** Logged in by phone (then the phone is locked, the e-mail may be set once). */
  phone_auth: z.boolean(),
  country: z.enum(COUNTRIES).nullable(),
  role: roleSchema,
  /** MAD balance from the ledger. */
  balance: decimalString,
  /** Official rate, MAD per EUR. */
  rate: decimalString,
  /** The rate this user gets (subscription or freemium). */
  rate_delta: decimalString,
  rate_freemium: decimalString,
  rate_subscription: decimalString,
  subscription: z.boolean(),
  /** The user's public-ledger wallet address. */
  account_id: z.string(),
  has_security_code: z.boolean(),
  has_full_profile: z.boolean(),
  /** 1 (verified identifier, full profile) or 2 (identity document approved, address given). */
  level: z.union([z.literal(1), z.literal(2)]),
  /** Identity documents sent and not yet decided: the screens say so instead of asking for them again (always sent). */
  identity_under_review: z.boolean().optional(),
  /** What remains of each rolling 30-day limit (common/api/limits.ts). */
  limits: z.array(userLimitSchema),
  /** A teller's agency, named on every counter screen; null for everyone else. */
  agency: z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      zip_code: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable(),
});

/** `POST /api/users/{id}/email_confirmation/` -> 202: the address the new link is mailed to. */
export const emailConfirmationResponseSchema = z.object({ email: z.string() });

/** `POST /api/users/{id}/phone_confirmation/`: the number the code was texted to. */
export const phoneConfirmationResponseSchema = z.object({ phone_number: z.string() });
/** `POST /api/users/{id}/phone_confirmation/verify/`: the 6-digit code of that SMS. */
export const phoneConfirmationVerifySchema = z.object({ code: sixDigitsSchema(loginCodeMessage) });
export type PhoneConfirmationVerify = z.infer<typeof phoneConfirmationVerifySchema>;

export const usersListResponseSchema = z.object({
  count: z.literal(1),
  next: z.null(),
  previous: z.null(),
  results: z.tuple([userSchema]),
});

/**
 * Control characters (line breaks, tabs, C1) and the bidi embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) would stand inside official e-mails and SMS ('X sent you…') and could reorder their text. The bidi
 * marks (LRM, RLM, ALM) stay allowed: Arabic keyboards type them and they cannot reorder a line.
 * U+0000 is left to the null-character guard, which answers its own message on every route.
 */
const FORBIDDEN_IN_NAMES: ReadonlyArray<readonly [number, number]> = [
  [0x01, 0x1f],
  [0x7f, 0x9f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

export function hasForbiddenNameCharacter(name: string): boolean {
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (FORBIDDEN_IN_NAMES.some(([low, high]) => code >= low && code <= high)) return true;
  }
  return false;
}

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(100)
  .refine((name) => !hasForbiddenNameCharacter(name), genericMessages.controlCharacters);

/**
 * All fields required. Phone-login users send `email` (their phone is locked), the others send
 * `phone_number` (their e-mail is locked); either may be set once and is not modifiable after.
 */
export const countrySchema = z.enum(COUNTRIES, { message: 'Choose your country of residence from the list.' });

export const updateUserRequestSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  country: countrySchema,
  email: emailSchema.optional(),
  phone_number: phoneSchema.optional(),
});

export const setSecurityCodeRequestSchema = z.object({
  security_code: sixDigitsSchema(securityCodeMessage).refine((code) => !isGuessableSecurityCode(code), {
    message: guessableSecurityCodeMessage,
  }),
  current_security_code: sixDigitsSchema(securityCodeMessage).optional(),
});

/** `POST /api/users/close/`: closing one's own account is confirmed by the security code. */
export const closeAccountRequestSchema = z.object({ security_code: sixDigitsSchema(securityCodeMessage) });
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

const rows = z.array(z.record(z.string(), z.unknown()));
/**
 * `GET /api/users/export/` (data rights): everything the service holds about the caller, their own rows
 * only. Documents are listed by state, never with their files; sign-in events are the sessions opened; rate
 * alerts as GET /api/rate-alerts/ shows them.
 */
export const dataExportSchema = z.object({
  exported_at: z.string(),
  profile: z.record(z.string(), z.unknown()),
  transactions: rows,
  contacts: rows,
  notifications: rows,
  notification_preferences: z.record(z.string(), z.unknown()).nullable(),
  documents: rows,
  sign_in_events: rows,
  rate_alerts: rows,
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const userIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export type User = z.infer<typeof userSchema>;
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
export type SetSecurityCodeRequest = z.infer<typeof setSecurityCodeRequestSchema>;
