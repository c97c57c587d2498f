import { moroccanBankName } from './moroccan-banks.ts';

/**
 * A Moroccan RIB (relevé d'identité bancaire): 24 digits, bank code (3), locality code (3), account number (16)
 * and a 2-digit key. People type it with spaces (it is printed grouped); nothing else is accepted between digits.
 * The key makes the whole 24-digit number divisible by 97: key = 97 - ((first 22 digits x 100) mod 97).
 */
export const RIB_LENGTH = 24;

/** The longest typed form: 24 digits and a separator between each (the form's input limit). */
export const RIB_INPUT_MAX_LENGTH = 47;

export type RibError = 'format' | 'length' | 'key' | 'unknown_bank';

export interface Rib {
  /** The 24 digits, without spaces: what is stored and written in payment files. */
  digits: string;
  bankCode: string;
  localityCode: string;
  account: string;
  key: string;
  bankName: string;
}

export type RibParse = { ok: true; value: Rib } | { ok: false; error: RibError };

/** The server's exact message for each fault of a RIB; the screens translate them by this text. */
export const ribMessages: Record<RibError, string> = {
  format: 'A RIB is made of digits only.',
  length: 'A RIB has 24 digits.',
  key: 'This RIB is incorrect: check its digits (its key does not match).',
  unknown_bank: 'This RIB is not from a Moroccan bank we know.',
};

/** The remainder of a decimal string modulo 97, digit by digit (24 digits exceed a safe integer). */
function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** The key of the first 22 digits of a RIB, as 2 digits ('01' to '97'). */
export function ribKey(first22: string): string {
  return String(97 - mod97(`${first22}00`)).padStart(2, '0');
}

/**
 * A typed RIB, checked: only digits and spaces, 24 digits, the key, then the bank code in the table of Moroccan
 * banks. The order of the checks is the order in which a sender can fix them.
 */
export function parseRib(input: string): RibParse {
  const compact = input.replace(/[\s\u00A0\u202F]/g, '');
  if (!/^\d*$/.test(compact)) return { ok: false, error: 'format' };
  if (compact.length !== RIB_LENGTH) return { ok: false, error: 'length' };
  if (mod97(compact) !== 0) return { ok: false, error: 'key' };
  const bankCode = compact.slice(0, 3);
  const bankName = moroccanBankName(bankCode);
  if (bankName === undefined) return { ok: false, error: 'unknown_bank' };
  return {
    ok: true,
    value: {
      digits: compact,
      bankCode,
      localityCode: compact.slice(3, 6),
      account: compact.slice(6, 22),
      key: compact.slice(22),
      bankName,
    },
  };
}

/**
 * The RIB as it is printed by Moroccan banks, grouped by its parts: '007 780 0001234567890123 45'; the 16-digit
 * account in groups of 4 so it can be read aloud: '007 780 0001 2345 6789 0123 45'. Anything that is not a
 * 24-digit RIB is returned as it is.
 */
export function formatRib(digits: string): string {
  if (!/^\d{24}$/.test(digits)) return digits;
  const account = digits.slice(6, 22).match(/.{4}/g) ?? [];
  return [digits.slice(0, 3), digits.slice(3, 6), ...account, digits.slice(22)].join(' ');
}
