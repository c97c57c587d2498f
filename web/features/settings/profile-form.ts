import { COUNTRIES, PHONE_PREFIXES, parsePhone, phoneMessages, prefixOfCountry } from '../../../common/identity/phone';
import type { Country, PhonePrefix } from '../../../common/identity/phone';
import type { UpdateUserRequest, User } from '../../../common/api/users';
import { formatPhoneInput, phoneForApi } from '../../ui/phone-input-format';

/** The profile form as typed. The phone is kept as prefix + formatted national part, like the login screens. */
export interface ProfileDraft {
  country: Country | '';
  first_name: string;
  last_name: string;
  email: string;
  phonePrefix: PhonePrefix;
  phone: string;
}

/** The sign-in identifier is locked, and either identifier once set is not modifiable. */
export function lockedFields(user: Pick<User, 'phone_auth' | 'email' | 'phone_number'>): { email: boolean; phone: boolean } {
  return { email: !user.phone_auth || user.email !== null, phone: user.phone_auth || user.phone_number !== null };
}

function splitPhone(e164: string | null, country: Country | null): { phonePrefix: PhonePrefix; phone: string } {
  const fallback = prefixOfCountry[country ?? 'FR'];
  if (e164 === null) return { phonePrefix: fallback, phone: '' };
  const prefix = [...PHONE_PREFIXES].sort((a, b) => b.length - a.length).find((p) => e164.startsWith(p)) ?? fallback;
  return { phonePrefix: prefix, phone: formatPhoneInput(prefix, e164.slice(prefix.length)) };
}

export function draftFromUser(user: User): ProfileDraft {
  return {
    country: user.country ?? '',
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email ?? '',
    ...splitPhone(user.phone_number, user.country),
  };
}

/** The form's fields, in screen order: the first missing one takes the focus. */
export type ProfileField = 'country' | 'first_name' | 'last_name' | 'email' | 'phone_number';

export type ProfileCheck =
  | { ok: true; body: UpdateUserRequest }
  | { ok: false; allRequired: true; missing: ProfileField[] }
  | { ok: false; allRequired: false; field: 'phone_number'; message: string };

/**
 * All fields are required ('All fields are required.'). Phone-login users send `email`, the others send
 * `phone_number`; a value already set is sent unchanged, which the server accepts.
 */
export function checkProfile(
  draft: ProfileDraft,
  user: Pick<User, 'phone_auth'> & Partial<Pick<User, 'role'>>,
): ProfileCheck {
  const phoneDigits = draft.phone.replace(/\D/g, '');
  // Agency staff may leave the phone out (the server's rule): they sign in with what the back-office registered.
  const phoneOptional = user.role === 'BANKER' && !user.phone_auth;
  const values: [ProfileField, string][] = [
    ['country', (COUNTRIES as readonly string[]).includes(draft.country) ? draft.country : ''],
    ['first_name', draft.first_name.trim()],
    ['last_name', draft.last_name.trim()],
    ['email', draft.email.trim()],
    ['phone_number', phoneDigits],
  ];
  const missing = values
    .filter(([field, value]) => value === '' && !(field === 'phone_number' && phoneOptional))
    .map(([field]) => field);
  if (missing.length > 0) return { ok: false, allRequired: true, missing };
  const base = { first_name: draft.first_name.trim(), last_name: draft.last_name.trim(), country: draft.country as Country };
  if (user.phone_auth) return { ok: true, body: { ...base, email: draft.email.trim() } };
  if (phoneOptional && phoneDigits === '') return { ok: true, body: base };
  const phone = parsePhone(phoneForApi(draft.phonePrefix, draft.phone));
  if (!phone.ok) return { ok: false, allRequired: false, field: 'phone_number', message: phoneMessages[phone.error] };
  return { ok: true, body: { ...base, phone_number: phone.value } };
}
