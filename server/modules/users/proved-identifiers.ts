/**
 * The one rule of which identifiers a person proved: the e-mail once a code or its link proved it; the
 * phone they sign in with (its SMS code proved it), or a profile phone once its SMS code proved it. Only these
 * link recipients to the person, claim the money waiting for them and carry their notifications: an unproved
 * profile entry must not attract someone else's transfers. findUserBySignInPhone and findUserByVerifiedEmail
 * (users.repository.ts) say the same in SQL.
 */
export interface IdentifierProofs {
  phone_number: string | null;
  phone_auth: boolean;
  phone_verified_at: Date | null;
  email: string | null;
  email_verified_at: Date | null;
}

export function provedIdentifiers(user: IdentifierProofs): { phone: string | null; email: string | null } {
  return {
    phone: user.phone_auth || user.phone_verified_at !== null ? user.phone_number : null,
    email: user.email_verified_at === null ? null : user.email,
  };
}
