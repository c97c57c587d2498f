import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { KYC_DOCUMENT_TYPES } from './kyc.ts';
import { emailSchema, phoneSchema, sixDigitsSchema } from './auth.ts';
import { loginCodeMessage } from './messages.ts';

export { recoveryMessages } from './messages.ts';

/** A phone number or an e-mail address, told apart by the '@', each checked by its own rule. */
export const identifierSchema = z
  .string()
  .max(254)
  .transform((input, ctx) => {
    const schema = input.includes('@') ? emailSchema : phoneSchema;
    const parsed = schema.safeParse(input);
    if (parsed.success)
      return { kind: input.includes('@') ? ('email' as const) : ('phone' as const), value: parsed.data };
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Enter a valid email address.' });
    return z.NEVER;
  });

/** `POST /api/auth/recovery/`: the identifier the customer still has and the one they want to sign in with. */
export const startRecoverySchema = z.object({
  known_identifier: identifierSchema,
  new_identifier: identifierSchema,
  language: z.enum(LANGUAGES).default('fr'),
});
export type StartRecoveryBody = z.input<typeof startRecoverySchema>;

/** `POST /api/auth/recovery/{id}/codes/`: the code sent to each of the two identifiers. */
export const recoveryCodesSchema = z.object({
  known_code: sixDigitsSchema(loginCodeMessage),
  new_code: sixDigitsSchema(loginCodeMessage),
});

export const RECOVERY_STATES = ['codes', 'documents', 'review', 'approved', 'refused', 'expired'] as const;
export type RecoveryState = (typeof RECOVERY_STATES)[number];

export const recoveryIdSchema = z.object({ id: z.uuid() });

/** The requester's view of a recovery: where it stands, and for the documents, the type they must send. */
export const recoveryStatusSchema = z.object({
  id: z.string(),
  state: z.enum(RECOVERY_STATES),
  new_identifier: z.string(),
  document_type: z.enum(KYC_DOCUMENT_TYPES).nullable(),
  detail: z.string().optional(),
});
export type RecoveryStatus = z.infer<typeof recoveryStatusSchema>;
