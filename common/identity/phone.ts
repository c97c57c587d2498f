/**
 * Phone numbers of the product: the countries people send from (the European Union) and to (Morocco), and the
 * US, each with its calling code; entered with formatting, stored and sent in E.164 without spaces. One module, so
 * the server validates what the screens format.
 *
 * Which digits make a real number in each country comes from libphonenumber-js (phone-rules.ts), installed by
 * the server at start and by the phone field when it is shown: the library's metadata is too heavy for the first
 * load of the app, which only needs the list of countries and the messages from here.
 */
export const prefixOfCountry = {
  FR: '+33',
  BE: '+32',
  DE: '+49',
  ES: '+34',
  IT: '+39',
  NL: '+31',
  AT: '+43',
  BG: '+359',
  CY: '+357',
  CZ: '+420',
  DK: '+45',
  EE: '+372',
  FI: '+358',
  GR: '+30',
  HR: '+385',
  HU: '+36',
  IE: '+353',
  LT: '+370',
  LU: '+352',
  LV: '+371',
  MT: '+356',
  PL: '+48',
  PT: '+351',
  RO: '+40',
  SE: '+46',
  SI: '+386',
  SK: '+421',
  MA: '+212',
  US: '+1',
} as const;

export type Country = keyof typeof prefixOfCountry;
export const COUNTRIES = Object.keys(prefixOfCountry) as [Country, ...Country[]];

export type PhonePrefix = (typeof prefixOfCountry)[Country];
export const PHONE_PREFIXES = [...new Set(Object.values(prefixOfCountry))] as PhonePrefix[];

/** Longest first, so '+35…' codes are not read as a shorter one. */
const prefixesLongestFirst = [...PHONE_PREFIXES].sort((a, b) => b.length - a.length);

/** At most 16 characters in the phone input. */
export const PHONE_INPUT_MAX_LENGTH = 16;

export type PhoneParseError = 'invalid' | 'unsupported_prefix' | 'wrong_length';

export const phoneMessages: Record<PhoneParseError, string> = {
  invalid: 'Enter a valid phone number.',
  unsupported_prefix: 'Numbers from this country are not supported.',
  wrong_length: 'This phone number has the wrong number of digits.',
};

export type PhoneParse = { ok: true; value: string; prefix: PhonePrefix } | { ok: false; error: PhoneParseError };

/** A country's rules for the digits after its calling code, as typed (a trunk 0 included). */
export type PhoneNumberRules = (prefix: PhonePrefix, national: string) => PhoneParse;

let numberRules: PhoneNumberRules | undefined;

/** Installs the per-country rules (phone-rules.ts); until then only the shape of a number is checked. */
export function installPhoneNumberRules(rules: PhoneNumberRules): void {
  numberRules = rules;
}

/** Italian numbers keep their leading 0 after +39; elsewhere a 0 after the calling code is the trunk 0 people type. */
const keepsLeadingZero = new Set<string>(['+39']);

/**
 * `"+33 6 12 34 56 78"`, `"+33 (0)6 12-34-56-78"` or `"0033612345678"` -> `"+33612345678"`: a number of one of
 * the product's countries, valid by that country's rules once they are installed.
 */
export function parsePhone(input: string): PhoneParse {
  let text = input.trim().replace(/[\s.\-()]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/^\+\d{1,15}$/.test(text)) return { ok: false, error: 'invalid' };
  const prefix = prefixesLongestFirst.find((p) => text.startsWith(p));
  if (!prefix) return { ok: false, error: 'unsupported_prefix' };
  const typed = text.slice(prefix.length);
  if (numberRules) return numberRules(prefix, typed);
  // Shape only (the rules are not loaded): 4 to 14 national digits, the trunk 0 dropped.
  const national = !keepsLeadingZero.has(prefix) && typed.startsWith('0') ? typed.slice(1) : typed;
  if (national.length < 4 || national.length > 14) return { ok: false, error: 'wrong_length' };
  if (national.startsWith('0') && !keepsLeadingZero.has(prefix)) return { ok: false, error: 'invalid' };
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
  const prefix = prefixesLongestFirst.find((p) => international.startsWith(p.slice(1)));
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
