import { PHONE_INPUT_MAX_LENGTH, splitInternational } from '../../common/identity/phone';
import type { PhonePrefix } from '../../common/identity/phone';
import { AsYouType } from 'libphonenumber-js/min';
import { installPhoneRules } from '../../common/identity/phone-rules';
import { digitsOnly } from './code-digits';

// Each country's rules (libphonenumber-js) come with the phone field's formatting: only the lazy screens that show
// a phone field import this module, so the library is never part of the first load, and a number is checked here
// as the server will check it.
installPhoneRules();

/** Digits a national number may hold: the significant ones, plus the trunk 0 people type in France and Morocco. */
const maxDigits: Partial<Record<PhonePrefix, number>> = { '+33': 10, '+212': 10, '+1': 10 };

/** Other countries' numbers as the library groups them while typed ('612 34 56 78' in Spain). */
function formatByLibrary(prefix: PhonePrefix, digits: string): string {
  return new AsYouType({ defaultCallingCode: prefix.slice(1) }).input(digits);
}

function pairs(digits: string): string[] {
  return digits.match(/.{1,2}/g) ?? [];
}

/**
 * The number as it is typed, digits only and grouped by prefix: France and Morocco in pairs
 * (`06 12 34 56 78`, or `6 12 34 56 78` without the trunk 0), the US as `(xxx)-xxx-xxxx` with a leading 0 dropped.
 * Never longer than the 16 characters the field allows.
 */
export function formatPhoneInput(prefix: PhonePrefix | '', typed: string): string {
  // Without a prefix there is no country rule to format by: digits only, within the field's length.
  if (prefix === '') return digitsOnly(typed).slice(0, PHONE_INPUT_MAX_LENGTH);
  let digits = digitsOnly(typed);
  if (prefix === '+1') digits = digits.replace(/^0+/, '');
  digits = digits.slice(0, maxDigits[prefix] ?? PHONE_INPUT_MAX_LENGTH);
  let formatted: string;
  if (maxDigits[prefix] === undefined) {
    formatted = formatByLibrary(prefix, digits);
  } else if (prefix === '+1') {
    // The brackets come with the 4th digit: closing them at the 3rd would put back the ")" a user just deleted.
    if (digits.length <= 3) formatted = digits;
    else if (digits.length <= 6) formatted = `(${digits.slice(0, 3)})-${digits.slice(3)}`;
    else formatted = `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`;
  } else if (digits.startsWith('0')) {
    formatted = pairs(digits).join(' ');
  } else {
    formatted = [digits.slice(0, 1), ...pairs(digits.slice(1))].filter(Boolean).join(' ');
  }
  return formatted.slice(0, PHONE_INPUT_MAX_LENGTH);
}

/**
 * What the field holds after an edit or a paste. A number pasted with its international prefix ('+33 6 12 34 56
 * 78', '0033 6…') keeps its national digits only, and switches the prefix when the field lets one choose; without
 * this, '+33 6 12 34 56 78' became '3 36 12 34 56 7'.
 */
export function acceptPhoneInput(
  prefix: PhonePrefix | '',
  typed: string,
  prefixChoosable: boolean,
): { prefix: PhonePrefix | ''; value: string; international: boolean } {
  const found = splitInternational(typed);
  if (found && (prefixChoosable || found.prefix === prefix)) {
    return { prefix: found.prefix, value: formatPhoneInput(found.prefix, found.national), international: true };
  }
  return { prefix, value: formatPhoneInput(prefix, typed), international: false };
}

/** Where the caret goes in `formatted` so that the same number of digits stands before it as before the edit. */
export function caretAfterFormat(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

/** What is sent: the prefix and the digits, spaces and punctuation removed (`+33612345678`). */
export function phoneForApi(prefix: PhonePrefix, typed: string): string {
  return `${prefix}${digitsOnly(typed)}`;
}
