import { z } from 'zod';
import { sixDigitsSchema } from './auth.ts';
import { securityCodeErrors } from './users.ts';
import { nameSchema } from './users.ts';

/** Cash pickup: the server's messages; the screens translate them. */
export const pickupMessages = {
  noPhone: 'This recipient has no phone number: a cash pickup is announced by SMS.',
  notAPerson: 'A cash pickup is sent to a person, not to an agency.',
  unknownAgency: 'Unknown agency.',
  // An agency an operator disabled: what is pending there stays payable, nothing new goes there.
  agencyDisabled: 'This agency no longer takes withdrawals or cash pickups: choose another one.',
  agencyWithoutPickup: 'An agency can only be chosen for a cash pickup.',
  referenceFormat: 'A pickup reference has 10 digits.',
  checkDigit: 'This reference is not valid: check the digits.',
  alreadyCollected: 'This pickup has already been paid out.',
  cancelled: 'This pickup was cancelled.',
  // Refunded by an operator: the teller reads that the money went back, not that the sender cancelled.
  refunded: 'This pickup was refunded to its sender.',
  expired: 'This pickup has expired.',
  heldByOtherCounter: 'This pickup is being paid out at another counter.',
  // The screen's box reads 'the name on the ID matches': the refusal says the same (not the handover's).
  nameMatches: 'Please confirm that the name on the ID matches.',
  idDocumentType: 'Choose the type of ID document.',
  idDocumentNumber: 'Enter the ID document number (letters and digits).',
  nameNotEditable: 'The name can no longer be changed.',
  // Held for a compliance review: the teller and the recipient are told no reason (tipping-off).
  notPayable: 'This pickup cannot be paid out, the sender can contact support.',
} as const;

/** The sender's cancel or name change while a teller holds the pickup for payout: a 409. */
export const pickupBeingPaidOutMessage = 'This transfer is being paid out at the agency.';

export const idDocumentTypes = ['national_id', 'passport', 'residence_permit'] as const;
export type IdDocumentType = (typeof idDocumentTypes)[number];

/** What the teller's lookup says; `not_payable`: held for a review the counter is told nothing about. */
export const pickupStatuses = ['available', 'collected', 'cancelled', 'expired', 'refunded', 'not_payable'] as const;

/** The reference as typed: spaces and dashes allowed; the service checks digits and the check digit. */
export const pickupReferenceParamsSchema = z.object({ reference: z.string().max(40) });

/** `POST /api/pickups/{reference}/pay/`: the ID seen at the counter and the teller's own code. */
export const payPickupRequestSchema = z.object({
  security_code: sixDigitsSchema(securityCodeErrors.invalid),
  id_document_type: z.enum(idDocumentTypes, { error: pickupMessages.idDocumentType }),
  id_document_number: z
    .string({ error: pickupMessages.idDocumentNumber })
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,20}$/, pickupMessages.idDocumentNumber)),
  recipient_name_matches: z.literal(true, { error: pickupMessages.nameMatches }),
});
export type PayPickupRequest = z.input<typeof payPickupRequestSchema>;

/** `POST /api/transactions/{id}/recipient_name/`: the sender corrects the name before payout (security code). */
export const correctPickupNameRequestSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  security_code: sixDigitsSchema(securityCodeErrors.invalid),
});
export type CorrectPickupNameRequest = z.input<typeof correctPickupNameRequestSchema>;

/**
 * An already paid withdrawal or pickup, as the teller who meets it again reads it: when, at which agency and by which
 * teller (a colleague's name: the counter asks them, not the customer). Null until it is paid out.
 */
export const payoutFactsSchema = z.object({
  /** ISO 8601. */
  at: z.string(),
  agency: z.string(),
  teller: z.string().nullable(),
});
export type PayoutFacts = z.infer<typeof payoutFactsSchema>;

export const pickupAgencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
});

/** `GET /api/pickups/{reference}/`: what the teller checks against the ID before paying. */
export const pickupSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.literal('MAD'),
  status: z.enum(pickupStatuses),
  recipient_first_name: z.string(),
  recipient_last_name: z.string(),
  /** Every digit but the last 2 hidden. */
  recipient_phone_number: z.string(),
  sender_first_name: z.string().nullable(),
  sender_last_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Only this agency pays it out; null: any agency. */
  agency: pickupAgencySchema.nullable(),
  /** Until when a teller holds it for payout (this teller or another); null when nobody does. */
  reserved_until: z.string().nullable(),
  paid: payoutFactsSchema.nullable(),
});
export type Pickup = z.infer<typeof pickupSchema>;

export const pickupReservationSchema = z.object({
  id: z.number().int(),
  reserved_until: z.string().nullable(),
});
export type PickupReservation = z.infer<typeof pickupReservationSchema>;

/** The pickup part of a transaction: for its sender, and for the teller who paid it out. */
export const pickupDetailsSchema = z.object({
  recipient_first_name: z.string(),
  recipient_last_name: z.string(),
  recipient_phone_number: z.string(),
  agency: pickupAgencySchema.nullable(),
  /** Each correction of the name, oldest first (sender only). */
  name_history: z.array(z.object({ first_name: z.string(), last_name: z.string(), changed_at: z.string() })),
  /** The ID shown at the counter, masked (the paying teller only). */
  id_document_type: z.enum(idDocumentTypes).nullable(),
  id_document_number: z.string().nullable(),
  collected_at: z.string().nullable(),
  reserved: z.boolean(),
});
export type PickupDetails = z.infer<typeof pickupDetailsSchema>;

/** Every character but the last 2 replaced, the leading + of a phone kept. */
export function maskTail(value: string): string {
  const plus = value.startsWith('+') ? '+' : '';
  const body = value.slice(plus.length);
  return plus + '•'.repeat(Math.max(0, body.length - 2)) + body.slice(-2);
}
