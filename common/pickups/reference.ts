/**
 * The cash pickup reference: 10 digits, 9 random then a Verhoeff check digit. Verhoeff, not Luhn: it
 * catches every single-digit error and every swap of two adjacent digits (Luhn misses 09 <-> 90), the two
 * mistakes a teller typing a number read from a phone makes. Isomorphic: the teller's screen refuses a typo before
 * any lookup, the server does it again.
 */

export const PICKUP_REFERENCE_DIGITS = 10;

const multiplication = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const permutation = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function checksum(digits: string, offset: number): number {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((ch, i) => {
    c = multiplication[c]![permutation[(i + offset) % 8]![Number(ch)]!]!;
  });
  return c;
}

/** The Verhoeff check digit of a string of digits. */
export function verhoeffDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('digits only');
  return inverse[checksum(digits, 1)]!;
}

/** True when the last digit is the Verhoeff check digit of the others. */
export function hasValidCheckDigit(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && checksum(digits, 0) === 0;
}

/** What the teller typed, without the spaces and dashes of the grouped form. */
export const normalizePickupReference = (input: string): string => input.replace(/[\s-]/g, '');

export type ReferenceCheck = { ok: true; reference: string } | { ok: false; reason: 'format' | 'check_digit' };

export function checkPickupReference(input: string): ReferenceCheck {
  const reference = normalizePickupReference(input);
  if (!/^\d{10}$/.test(reference)) return { ok: false, reason: 'format' };
  if (!hasValidCheckDigit(reference)) return { ok: false, reason: 'check_digit' };
  return { ok: true, reference };
}

/** `1234567890` -> `123 456 7890`, the way it is printed, read aloud and typed. */
export function groupPickupReference(reference: string): string {
  const r = normalizePickupReference(reference);
  return r.length === PICKUP_REFERENCE_DIGITS ? `${r.slice(0, 3)} ${r.slice(3, 6)} ${r.slice(6)}` : r;
}

/** 9 random digits from the given source of random bytes, then the check digit. */
export function makePickupReference(randomBytes: (n: number) => Uint8Array): string {
  let body = '';
  while (body.length < 9) {
    for (const b of randomBytes(16)) {
      // 250 = 25 * 10: rejecting 250..255 keeps every digit equally likely.
      if (b < 250 && body.length < 9) body += String(b % 10);
    }
  }
  return `${body}${verhoeffDigit(body)}`;
}
