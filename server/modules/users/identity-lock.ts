import { profileMessages } from '../../../common/api/messages.ts';
import type { FieldErrors } from '../../../common/api/errors.ts';

/** The profile fields an identity document vouches for, besides the date of birth (which only a document sets). */
export const LOCKED_IDENTITY_FIELDS = ['first_name', 'last_name', 'country'] as const;
type Identity = Record<(typeof LOCKED_IDENTITY_FIELDS)[number], string | null>;

/**
 * ADR 018: once verified (level 2) a customer's name, date of birth and country change only through a new identity
 * document, decided by an operator (POST /api/kyc/submissions/); while documents are under review, the name and
 * country they were sent with stay as they are, so the operator approves the identity the profile shows. Sending
 * the same values again is accepted. Returns the refused fields, each with why, or null.
 */
export function identityLockErrors(
  current: Identity & { kyc_level: number },
  sent: Identity,
  underReview: boolean,
): FieldErrors | null {
  if (current.kyc_level < 2 && !underReview) return null;
  const message = current.kyc_level >= 2 ? profileMessages.identityVerified : profileMessages.identityUnderReview;
  const changed = LOCKED_IDENTITY_FIELDS.filter((field) => (sent[field] ?? '') !== (current[field] ?? ''));
  return changed.length === 0 ? null : Object.fromEntries(changed.map((field) => [field, [message]]));
}
