import { z } from 'zod';

/**
 * The error bodies of the API (DESIGN.md section 4), DRF style:
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
export type ErrorBody = z.infer<typeof errorBodySchema> | SecurityCodeErrorBody;

/** Messages the server sends for generic failures; the UI translates them by this exact text. */
export const genericMessages = {
  required: 'This field is required.',
  notFound: 'Not found.',
  unauthenticated: 'Authentication credentials were not provided or are invalid.',
  forbidden: 'You do not have permission to perform this action.',
  malformedJson: 'Malformed JSON body.',
  unsupportedMediaType: 'Unsupported media type: send application/json.',
  bodyTooLarge: 'Request body is too large.',
  tooManyRequests: 'Too many attempts. Try again later.',
  unavailable: 'Service temporarily unavailable. Try again shortly.',
  internal: 'An unexpected error occurred.',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request.',
  nullCharacter: 'Null characters are not allowed.',
  controlCharacters: 'Names may not contain line breaks, control or text-direction characters.',
} as const;
