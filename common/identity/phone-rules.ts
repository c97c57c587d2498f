import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/min';
import { installPhoneNumberRules } from './phone.ts';
import type { PhoneNumberRules } from './phone.ts';

/**
 * Each country's numbers by libphonenumber-js (its `min` metadata: lengths and number patterns per country). The
 * digits after the calling code are read as a national number of that code, so a trunk 0 typed after '+33' is
 * dropped where the country writes one, and kept where it is part of the number (Italy).
 */
export const libphonenumberRules: PhoneNumberRules = (prefix, national) => {
  const options = { defaultCallingCode: prefix.slice(1) };
  const length = validatePhoneNumberLength(national, options);
  if (length === 'NOT_A_NUMBER') return { ok: false, error: 'invalid' };
  if (length !== undefined) return { ok: false, error: 'wrong_length' };
  const parsed = parsePhoneNumberFromString(national, options);
  if (!parsed?.isValid() || `+${parsed.countryCallingCode}` !== prefix) return { ok: false, error: 'invalid' };
  return { ok: true, value: parsed.number, prefix };
};

/** Called by the server at start and by the phone field's module (a lazy screen's chunk, never the first load). */
export function installPhoneRules(): void {
  installPhoneNumberRules(libphonenumberRules);
}
