import { profileMessages } from '../../../common/api/users.ts';
import { genericMessages } from '../../../common/api/errors.ts';

export interface ProfileIdentity {
  phone_auth: boolean;
  email: string | null;
  phone_number: string | null;
  role?: string;
}

/**
 * Agency staff sign in with the identifier an operator registered for them and move no money of their own: nobody
 * sends to them, so the second identifier a customer must give (a phone for an e-mail user) is optional for them.
 */
const optionalSecondIdentifier = (user: Pick<ProfileIdentity, 'role'>) => user.role === 'BANKER';

export interface ProfileIdentifiers {
  email?: string | undefined;
  phone_number?: string | undefined;
}

export type ProfileDecision =
  { ok: true; newEmail?: string; newPhone?: string } | { ok: false; field: 'email' | 'phone_number'; message: string };

/**
 * For the identifiers of `PATCH /api/users/{id}/`: the one a user signs in with is locked, the
 * other one is required and may be set once, then never changed. Sending a locked value unchanged is accepted.
 */
export function decideProfileIdentifiers(user: ProfileIdentity, body: ProfileIdentifiers): ProfileDecision {
  const signIn = user.phone_auth
    ? {
        field: 'phone_number' as const,
        current: user.phone_number,
        sent: body.phone_number,
        locked: profileMessages.loginPhoneLocked,
      }
    : { field: 'email' as const, current: user.email, sent: body.email, locked: profileMessages.loginEmailLocked };
  const other = user.phone_auth
    ? { field: 'email' as const, current: user.email, sent: body.email }
    : { field: 'phone_number' as const, current: user.phone_number, sent: body.phone_number };

  if (signIn.sent !== undefined && signIn.sent !== signIn.current)
    return { ok: false, field: signIn.field, message: signIn.locked };
  if (other.sent === undefined)
    return optionalSecondIdentifier(user) ? { ok: true } : { ok: false, field: other.field, message: genericMessages.required };
  if (other.current !== null) {
    return other.sent === other.current
      ? { ok: true }
      : { ok: false, field: other.field, message: profileMessages.setOnce };
  }
  return other.field === 'email' ? { ok: true, newEmail: other.sent } : { ok: true, newPhone: other.sent };
}

/** has_full_profile: every field of the profile screen is filled in. */
export function hasFullProfile(
  user: ProfileIdentity & { first_name: string; last_name: string; country: string | null },
): boolean {
  const identifiers = optionalSecondIdentifier(user) ? user.email || user.phone_number : user.email && user.phone_number;
  return Boolean(user.first_name && user.last_name && user.country && identifiers);
}
