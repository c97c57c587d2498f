import { z } from 'zod';
import { genericMessages } from './errors.ts';
import { KYC_MAX_FILE_BYTES, transactionMessages } from './messages.ts';
import { countrySchema, hasForbiddenNameCharacter, nameSchema } from './users.ts';

export { KYC_MAX_FILE_BYTES, kycMessages } from './messages.ts';

/**
 * Identity documents: `POST /api/kyc/submissions/` (multipart) and `GET /api/kyc/` (the state).
 * Level 2 needs an approved document and, on the profile, the date of birth, address, postcode and city.
 */
export const KYC_DOCUMENT_TYPES = ['national_id', 'passport', 'residence_permit'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const KYC_PARTS = ['front', 'back', 'selfie'] as const;
export type KycPart = (typeof KYC_PARTS)[number];
/** The file parts a document type needs: a passport has no back. */
export const partsFor = (type: KycDocumentType): KycPart[] =>
  type === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
export const KYC_PROFILE_FIELDS = ['date_of_birth', 'address', 'postcode', 'city'] as const;
export type KycProfileField = (typeof KYC_PROFILE_FIELDS)[number];
export const KYC_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine((value) => !hasForbiddenNameCharacter(value), genericMessages.controlCharacters);

/** The profile fields a submission may carry (each required while the profile lacks it). */
export const kycProfileSchema = z.object({
  date_of_birth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, transactionMessages.invalidDate)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      transactionMessages.invalidDate,
    )
    .optional(),
  address: text(200).optional(),
  postcode: text(20).optional(),
  city: text(100).optional(),
});
export type KycProfileInput = z.infer<typeof kycProfileSchema>;

/**
 * The identity a submission may ask for besides the date of birth (ADR 018): a verified customer changes their name
 * or country only this way; the profile takes it when an operator approves the document.
 */
export const KYC_IDENTITY_FIELDS = ['first_name', 'last_name', 'country'] as const;
export type KycIdentityField = (typeof KYC_IDENTITY_FIELDS)[number];
export const kycIdentitySchema = z.object({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  country: countrySchema.optional(),
});

export const kycStatusSchema = z.object({
  state: z.enum(KYC_STATES),
  level: z.union([z.literal(1), z.literal(2)]),
  document_type: z.enum(KYC_DOCUMENT_TYPES).nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The operator's reason for a rejection, for the customer to read. */
  reason: z.string().nullable(),
  profile: z.object({
    date_of_birth: z.string().nullable(),
    address: z.string().nullable(),
    postcode: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** Profile fields level 2 still needs: the upload screen asks for these. */
  missing: z.array(z.enum(KYC_PROFILE_FIELDS)),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;
export const kycMaxFileMegabytes = KYC_MAX_FILE_BYTES / (1024 * 1024);
