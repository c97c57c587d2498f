import { z } from 'zod';
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

export const createContactRequestSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    phone_number: absentWhenBlank(contactPhoneSchema),
    email: absentWhenBlank(emailSchema),
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
});

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
