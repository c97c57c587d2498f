/**
 * Phone numbers of the product: prefixes +33 (FR), +212 (MA), +1 (US), entered with
 * formatting, stored and sent in E.164 without spaces. One module, so the server validates what the screens format.
 */
export const PHONE_PREFIXES = ['+33', '+212', '+1'] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];

export const COUNTRIES = ['FR', 'MA', 'US'] as const;
export type Country = (typeof COUNTRIES)[number];

export const prefixOfCountry: Record<Country, PhonePrefix> = { FR: '+33', MA: '+212', US: '+1' };

/** National significant number lengths, without the trunk 0 that French and Moroccan numbers are written with. */
const nationalDigits: Record<PhonePrefix, number> = { '+33': 9, '+212': 9, '+1': 10 };

/** At most 16 characters in the phone input. */
export const PHONE_INPUT_MAX_LENGTH = 16;

export type PhoneParseError = 'invalid' | 'unsupported_prefix' | 'wrong_length';

export const phoneMessages: Record<PhoneParseError, string> = {
  invalid: 'Enter a valid phone number.',
  unsupported_prefix: 'Only +33, +212 and +1 numbers are supported.',
  wrong_length: 'This phone number has the wrong number of digits.',
};

export type PhoneParse = { ok: true; value: string; prefix: PhonePrefix } | { ok: false; error: PhoneParseError };

/**
 * `"+33 6 12 34 56 78"`, `"+33 (0)6 12-34-56-78"` or `"0033612345678"` -> `"+33612345678"`. The trunk 0 after
 * +33 or +212 is dropped (people type it); +1 numbers never start with 0 or 1.
 */
export function parsePhone(input: string): PhoneParse {
  let text = input.trim().replace(/[\s.\-()]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/^\+\d{1,15}$/.test(text)) return { ok: false, error: 'invalid' };
  const prefix = [...PHONE_PREFIXES].sort((a, b) => b.length - a.length).find((p) => text.startsWith(p));
  if (!prefix) return { ok: false, error: 'unsupported_prefix' };
  let national = text.slice(prefix.length);
  if (prefix !== '+1' && national.startsWith('0')) national = national.slice(1);
  if (national.length !== nationalDigits[prefix]) return { ok: false, error: 'wrong_length' };
  // A French or Moroccan number never starts with 0 after its trunk 0: '+33 0033…' is an international prefix
  // typed after the country prefix, not a number ('0033612345678' in the +33 field once became +33033612345).
  if (prefix !== '+1' && national.startsWith('0')) return { ok: false, error: 'invalid' };
  if (prefix === '+1' && /^[01]/.test(national)) return { ok: false, error: 'invalid' };
  return { ok: true, value: `${prefix}${national}`, prefix };
}

/**
 * A number written with its international prefix ('+33 6 12 34 56 78', '0033 6…', '+212…'), as pasted from a
 * contact card: the supported prefix and the national digits after it. Undefined when the text has no such
 * prefix (a national number such as '06 12 34 56 78').
 */
export function splitInternational(text: string): { prefix: PhonePrefix; national: string } | undefined {
  const compact = text.trim().replace(/[\s.\-()\u00A0\u202F]/g, '');
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : '';
  if (international === '' || !/^\d+$/.test(international)) return undefined;
  const prefix = [...PHONE_PREFIXES].sort((a, b) => b.length - a.length).find((p) => international.startsWith(p.slice(1)));
  return prefix ? { prefix, national: international.slice(prefix.length - 1) } : undefined;
}

/**
 * Display: French (+33) and Tunisian (+216) numbers as `(0)6 12 34 56 78`, US/Canada (+1)
 * as `(xxx)-xxx-xxxx` (a leading 0 dropped), Moroccan (+212) as `+212 6 12 34 56 78`, others as they are.
 */
export function formatPhone(e164: string): string {
  const digits = (s: string) => s.replace(/\D/g, '');
  if (e164.startsWith('+212')) {
    const national = digits(e164.slice(4)).replace(/^0/, '');
    return `+212 ${[national.slice(0, 1), ...(national.slice(1).match(/.{1,2}/g) ?? [])].join(' ')}`.trim();
  }
  for (const prefix of ['+33', '+216']) {
    if (e164.startsWith(prefix)) {
      const national = digits(e164.slice(prefix.length)).replace(/^0/, '');
      const pairs = national.slice(1).match(/.{1,2}/g) ?? [];
      return `${prefix} (0)${[national.slice(0, 1), ...pairs].join(' ')}`.trim();
    }
  }
  if (e164.startsWith('+1')) {
    const n = digits(e164.slice(2)).replace(/^0/, '');
    if (n.length <= 3) return `+1 (${n})`;
    if (n.length <= 6) return `+1 (${n.slice(0, 3)})-${n.slice(3)}`;
    return `+1 (${n.slice(0, 3)})-${n.slice(3, 6)}-${n.slice(6)}`;
  }
  return e164;
}

/** Whether a number (E.164) is a Moroccan mobile (+212 6… or +212 7…), the only kind a mobile wallet payout goes to. */
export function isMoroccanMobile(e164: string): boolean {
  return /^\+212[67]\d{8}$/.test(e164);
}
