import { z } from 'zod';
import { holderNameMessages, isPayeeNameForFile, normaliseHolderName } from '../banking/holder-name.ts';
import { parseRib, RIB_INPUT_MAX_LENGTH, ribMessages } from '../banking/rib.ts';
import { parsePhone, phoneMessages, PHONE_INPUT_MAX_LENGTH } from '../identity/phone.ts';
import { emailSchema } from './auth.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { nameSchema } from './users.ts';
import { contactMessages, SEARCH_MAX_LENGTH } from './messages.ts';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export { contactMessages, SEARCH_MAX_LENGTH } from './messages.ts';

const coordinate = (limit: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, message)
    .transform(Number)
    .refine((n) => Math.abs(n) <= limit, message);

/**
 * `GET /api/contacts/`: the customer's recipients, or with `public=true` the agencies, nearest first from
 * `latitude`/`longitude` when both are given (else by city).
 */
export const contactsQuerySchema = pageQuerySchema
  .extend({
    search: z.string().max(SEARCH_MAX_LENGTH).optional(),
    public: z
      .enum(['true', 'false'], { message: contactMessages.booleanFlag })
      .optional()
      .transform((v) => v === 'true'),
    latitude: coordinate(90, contactMessages.latitude).optional(),
    longitude: coordinate(180, contactMessages.longitude).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      const missing = q.latitude === undefined ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: contactMessages.bothCoordinates });
    }
  });

/** Empty strings and null mean "not given": the form always sends all four fields. */
const absentWhenBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

/** At most 16 characters, spaces removed; then E.164 with +33, +212 or +1. */
export const contactPhoneSchema = z
  .string()
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().max(PHONE_INPUT_MAX_LENGTH, contactMessages.phoneTooLong))
  .transform((input, ctx) => {
    const parsed = parsePhone(input);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: phoneMessages[parsed.error] });
    return z.NEVER;
  });

/**
 * A Moroccan bank account (RIB) as typed: spaces allowed, then 24 digits with a right key at a known bank
 * (common/banking/rib.ts). Stored and answered as the 24 digits.
 */
export const ribSchema = z
  .string()
  .max(RIB_INPUT_MAX_LENGTH, ribMessages.length)
  .transform((input, ctx) => {
    const parsed = parseRib(input);
    if (parsed.ok) return parsed.value.digits;
    ctx.addIssue({ code: 'custom', message: ribMessages[parsed.error] });
    return z.NEVER;
  });

/**
 * The account holder's name as the bank account shows it, in Latin letters (holder-name.ts): typed in any case,
 * stored and sent upper case, within the payment file's character set and 35 characters.
 */
export const ribHolderSchema = z
  .string()
  .max(100, holderNameMessages.charset)
  .transform((input, ctx) => {
    const name = normaliseHolderName(input);
    if (isPayeeNameForFile(name)) return name;
    ctx.addIssue({ code: 'custom', message: holderNameMessages.charset });
    return z.NEVER;
  });

export const createContactRequestSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    phone_number: absentWhenBlank(contactPhoneSchema),
    email: absentWhenBlank(emailSchema),
    /** Optional: the recipient's bank account, for deposits to it. */
    rib: absentWhenBlank(ribSchema),
    /**
     * With a RIB: the holder's name in Latin letters as the account shows it. Required when the recipient's name
     * is written in another script (a romanisation is not the name the bank holds); else the name as typed is sent.
     */
    rib_holder: absentWhenBlank(ribHolderSchema),
  })
  .refine((b) => b.phone_number !== undefined || b.email !== undefined, {
    message: contactMessages.phoneOrEmail,
    path: ['phone_number'],
  });

/** A recipient, or an agency (public, with its address and, from a position, proximity in km). */
export const contactSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  /** The linked user's wallet address, once the recipient is a registered user. */
  account_id: z.string().nullable(),
  contact_user: z.number().int().nullable(),
  public: z.boolean(),
  proximity: z.number().nullable(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * An agency an operator closed: it still reads by its id (a customer's past withdrawal links to it)
   * but takes no new withdrawal or cash pickup, and no list offers it.
   */
  closed: z.boolean().optional(),
  /** The recipient's Moroccan bank account, 24 digits (the screens group them); null when none, absent for agencies. */
  rib: z.string().nullable().optional(),
  /** The name of the bank that keeps that account, from its bank code; null when there is no RIB. */
  rib_bank: z.string().nullable().optional(),
  /**
   * The account holder's name as a bank deposit will send it (the name in Latin letters the sender gave, else the
   * recipient's name in the payment file's character set, at most 35 characters); null when there is no RIB, or
   * when the recipient's name is in another script and the sender has not given it yet (no deposit goes then).
   * Shown so the sender sees what the bank gets.
   */
  rib_holder: z.string().nullable().optional(),
});

/**
 * `PATCH /api/contacts/{id}/`: sets the recipient's bank account, or removes it with null or an empty string. Only
 * the RIB changes here: a new name or identifier is a new recipient (screened and linked when it is added).
 */
export const updateContactRequestSchema = z
  .object({
    rib: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), ribSchema.nullable()),
    /** The holder's name in Latin letters as the account shows it (see createContactRequestSchema). */
    rib_holder: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), ribHolderSchema.nullable())
      .optional(),
  })
  .strict();

export const contactsPageSchema = pagedResponseSchema(contactSchema);

/** Ids are numbers: `abc`, `0` or `1.5` are a 400 with a field message, never a 500. */
export const contactIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'A valid integer is required.')
    .transform(Number),
});

export type Contact = z.infer<typeof contactSchema>;
export type ContactsPage = z.infer<typeof contactsPageSchema>;
export type ContactsQuery = z.input<typeof contactsQuerySchema>;
export type ContactsQueryParsed = z.output<typeof contactsQuerySchema>;
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;
export type CreateContactBody = z.output<typeof createContactRequestSchema>;
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;
export type UpdateContactBody = z.output<typeof updateContactRequestSchema>;
