import { z } from 'zod';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export { genericMessages } from './messages.ts';

/**
 * The error bodies of the API, DRF style:
 * - field errors: `{"amount": ["Not enough funds"]}` (a field may have several messages);
 * - anything else: `{"detail": "..."}`.
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export const detailErrorSchema = z.object({ detail: z.string() });
export const errorBodySchema = z.union([detailErrorSchema, fieldErrorsSchema]);

export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
export type DetailError = z.infer<typeof detailErrorSchema>;
/**
 * A wrong or locked security code: the message on its field plus `attempts_remaining` (a number) or
 * `locked_until` (an ISO time), so a screen can say how many tries are left or until when it is locked.
 */
export type SecurityCodeErrorBody = Record<string, string[] | number | string>;
/** An agency as a teller tells a customer where to go: its name and postal address. */
export interface AgencyPlace {
  name: string;
  address: string | null;
  zip_code: string | null;
  city: string | null;
}
/** Another agency's withdrawal or cash pickup (a 404): the agency that pays it, so the teller can send the customer there. */
export interface OtherAgencyErrorBody {
  detail: string;
  agency: AgencyPlace;
}
export type ErrorBody = z.infer<typeof errorBodySchema> | SecurityCodeErrorBody | OtherAgencyErrorBody;

