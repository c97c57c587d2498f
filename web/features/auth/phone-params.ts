import { COUNTRIES, PHONE_PREFIXES, prefixOfCountry } from '../../../common/identity/phone';
import type { Country, PhonePrefix } from '../../../common/identity/phone';

export const DEFAULT_COUNTRY: Country = 'FR';

/**
 * The `prefix` query value. A `+` typed or shared unencoded arrives as a space, so `" 33"` still means +33; an
 * unknown value falls back to France, the default country.
 */
export function prefixFromParam(value: string | null): PhonePrefix {
  const candidate = `+${(value ?? '').trim().replace(/^\+/, '')}`;
  return (PHONE_PREFIXES as readonly string[]).includes(candidate) ? (candidate as PhonePrefix) : prefixOfCountry[DEFAULT_COUNTRY];
}

export function countryOfPrefix(prefix: PhonePrefix): Country {
  return COUNTRIES.find((country) => prefixOfCountry[country] === prefix) ?? DEFAULT_COUNTRY;
}

export function phoneStepUrl(step: 'step2' | 'step3', prefix: PhonePrefix, phone?: string): string {
  const params = new URLSearchParams({ prefix });
  if (phone !== undefined) params.set('phone', phone);
  return `/auth/phone/${step}?${params.toString()}`;
}
