import { checkPickupReference, PICKUP_REFERENCE_DIGITS } from '../pickups/reference.ts';

/**
 * What a teller types at the counter when the camera fails: whatever the customer can read out. A withdrawal's
 * reference ('9956-8QUF-HDGU' on the customer's phone, read with or without the dashes, in either case), a cash
 * pickup's reference ('184 686 1498' in the SMS, with or without the spaces), or the QR code's own 22-character
 * token (what a scanner decodes). The three have different lengths once spaces and dashes are gone, so one field
 * takes them all without asking the teller which it is. Isomorphic: the server decides, the screen says the same.
 */

/** The withdrawal reference's characters: no 0/O, 1/I/L, so nothing read aloud can be confused. */
export const WITHDRAWAL_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const WITHDRAWAL_REFERENCE_LENGTH = 12;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export type CounterReference =
  | { kind: 'withdrawal'; value: string }
  | { kind: 'pickup'; value: string }
  | { kind: 'invalid'; reason: 'format' | 'check_digit' };

/** `9956-8QUF-HDGU`: the one spelling of a withdrawal reference, on the teller's card and the customer's phone. */
export function groupWithdrawalReference(reference: string): string {
  const r = reference.replace(/[\s-]/g, '').toUpperCase();
  return r.length === WITHDRAWAL_REFERENCE_LENGTH ? `${r.slice(0, 4)}-${r.slice(4, 8)}-${r.slice(8)}` : reference;
}

/** A typed withdrawal reference in its stored spelling, or undefined when it cannot be one. */
export function withdrawalReferenceOf(input: string): string | undefined {
  const r = input.replace(/[\s.-]/g, '').toUpperCase();
  if (r.length !== WITHDRAWAL_REFERENCE_LENGTH) return undefined;
  if (![...r].every((c) => WITHDRAWAL_REFERENCE_ALPHABET.includes(c))) return undefined;
  return groupWithdrawalReference(r);
}

/**
 * Which thing the typed text names, in the spelling the server looks up: a withdrawal (its QR token as typed, or
 * its reference dashed) or a pickup (its 10 digits). A pickup reference with a wrong check digit is refused here,
 * before any lookup, as a mistyped digit.
 */
export function readCounterReference(input: string): CounterReference {
  const text = input.trim();
  if (TOKEN.test(text)) return { kind: 'withdrawal', value: text };
  const withdrawal = withdrawalReferenceOf(text);
  if (withdrawal !== undefined) return { kind: 'withdrawal', value: withdrawal };
  const digits = text.replace(/[\s.-]/g, '');
  if (/^\d+$/.test(digits) && digits.length === PICKUP_REFERENCE_DIGITS) {
    const check = checkPickupReference(digits);
    return check.ok ? { kind: 'pickup', value: check.reference } : { kind: 'invalid', reason: 'check_digit' };
  }
  return { kind: 'invalid', reason: 'format' };
}
