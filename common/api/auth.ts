import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { parsePhone, phoneMessages } from '../identity/phone.ts';
import { loginCodeMessage } from './messages.ts';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export { authMessages, loginCodeMessage } from './messages.ts';

/** An e-mail as the API takes it: trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address.' }))
  .transform((e) => e.toLowerCase());

/** A phone as the API takes it: any formatting in, E.164 of a supported prefix out. */
export const phoneSchema = z.string().transform((input, ctx) => {
  const parsed = parsePhone(input);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: 'custom', message: phoneMessages[parsed.error] });
  return z.NEVER;
});

/** Login codes and security codes: exactly 6 digits. */
export const sixDigitsSchema = (message: string) => z.string().regex(/^\d{6}$/, message);

export const eitherIdentifierMessage = 'Provide an email or a phone_number, not both.';

/** Exactly one identifier: `{email}` or `{phone_number}`. */
const oneIdentifier = (b: { email?: string; phone_number?: string }) =>
  (b.email === undefined) !== (b.phone_number === undefined);

export const sendCodeRequestSchema = z
  .object({
    email: emailSchema.optional(),
    phone_number: phoneSchema.optional(),
    language: z.enum(LANGUAGES).default('fr'),
  })
  .refine(oneIdentifier, { message: eitherIdentifierMessage });
export const sendCodeResponseSchema = z.object({ detail: z.string() });

export const verifyCodeRequestSchema = z
  .object({
    email: emailSchema.optional(),
    phone_number: phoneSchema.optional(),
    code: sixDigitsSchema(loginCodeMessage),
  })
  .refine(oneIdentifier, { message: eitherIdentifierMessage });
/** CUSTOMER and BANKER (teller) use the app; OPERATOR and AUDITOR run the back-office. */
export const roleSchema = z.enum(['customer', 'BANKER', 'OPERATOR', 'AUDITOR']);
/** The back-office roles: an auditor reads what an operator reads and changes nothing. */
export const isStaffRole = (role: Role): role is 'OPERATOR' | 'AUDITOR' => role === 'OPERATOR' || role === 'AUDITOR';
export const verifyCodeResponseSchema = z.object({
  access: z.string(),
  role: roleSchema,
  user_id: z.number().int(),
  /** True when this verification created the account (first login). */
  created: z.boolean(),
});

export const confirmEmailQuerySchema = z.object({ code: z.string().min(1).max(200) });
export const detailResponseSchema = z.object({ detail: z.string() });

export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;
export type Role = z.infer<typeof roleSchema>;
