/**
 * Money as integer minor units (cents, centimes) in a bigint, always with its currency.
 * Nothing here touches a JavaScript number except to read API input, and that goes through its exact decimal
 * text, never through arithmetic.
 */

export const currencies = ['EUR', 'MAD'] as const;
export type Currency = (typeof currencies)[number];

/**
 * Both currencies have 2 decimals; MAD amounts are rounded to whole dirhams only where the exchange rules say so
 * (conversion.ts).
 */
export const MINOR_DIGITS = 2;
const MINOR_PER_MAJOR = 100n;

export interface Money<C extends Currency = Currency> {
  readonly currency: C;
  /** Signed minor units. */
  readonly minor: bigint;
}

export class CurrencyMismatch extends Error {
  constructor(a: Currency, b: Currency) {
    super(`Currency mismatch: ${a} and ${b}`);
  }
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

export function money<C extends Currency>(currency: C, minor: bigint): Money<C> {
  return { currency, minor };
}

function same<C extends Currency>(a: Money<C>, b: Money<Currency>): Money<C> {
  if (a.currency !== b.currency) throw new CurrencyMismatch(a.currency, b.currency);
  return b as Money<C>;
}

export const add = <C extends Currency>(a: Money<C>, b: Money<C>): Money<C> =>
  money(a.currency, a.minor + same(a, b).minor);
export const subtract = <C extends Currency>(a: Money<C>, b: Money<C>): Money<C> =>
  money(a.currency, a.minor - same(a, b).minor);
export const negate = <C extends Currency>(a: Money<C>): Money<C> => money(a.currency, -a.minor);
export const compare = <C extends Currency>(a: Money<C>, b: Money<C>): -1 | 0 | 1 => {
  const d = a.minor - same(a, b).minor;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/**
 * The largest amount the API accepts: far above any business limit, far below int8, so "absurdly large" input
 * is a 400 at parse time rather than an overflow in the database.
 */
export const MAX_INPUT_MINOR = 1_000_000_000_000n * MINOR_PER_MAJOR;

export type AmountParseError = 'invalid' | 'too_many_decimals' | 'not_positive' | 'too_large';
export type AmountParseResult<C extends Currency> =
  { ok: true; value: Money<C> } | { ok: false; error: AmountParseError };

const decimalText = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads an API amount: a JSON number or a decimal string, at most 2 decimals, strictly positive, bounded.
 * A number is read through `String(n)`, the shortest text that round-trips to the same double, so `150.1` is
 * "150.1" while `0.1 + 0.2` is "0.30000000000000004" and is refused for its decimals; exponent forms are refused.
 */
export function parseAmount<C extends Currency>(input: unknown, currency: C): AmountParseResult<C> {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: 'invalid' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, error: 'invalid' };
  }
  const match = decimalText.exec(text);
  if (!match) return { ok: false, error: 'invalid' };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > MINOR_DIGITS) {
    // "150.100" is still an exact 2-decimal amount; only significant extra digits are refused.
    if (/[^0]/.test(fraction.slice(MINOR_DIGITS))) return { ok: false, error: 'too_many_decimals' };
  }
  // Bound the text before BigInt so a million-digit string costs nothing.
  if (whole.replace(/^0+/, '').length > 13) return { ok: false, error: 'too_large' };
  const minor = BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.slice(0, MINOR_DIGITS).padEnd(MINOR_DIGITS, '0'));
  if (sign === '-' || minor === 0n) return { ok: false, error: 'not_positive' };
  if (minor > MAX_INPUT_MINOR) return { ok: false, error: 'too_large' };
  return { ok: true, value: money(currency, minor) };
}

/** `"150.00"`, `"-0.05"`: the API's decimal string with exactly 2 decimals, no currency, no grouping. */
export function formatAmount(amount: Money): string {
  const negative = amount.minor < 0n;
  const abs = negative ? -amount.minor : amount.minor;
  const whole = abs / MINOR_PER_MAJOR;
  const fraction = (abs % MINOR_PER_MAJOR).toString().padStart(MINOR_DIGITS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Minor units as the integer a payment provider's JSON wants (Stripe's `unit_amount`, `amount_total`): the only
 * place money leaves bigint. Refuses what a JavaScript number cannot hold exactly instead of rounding it.
 */
export function minorAsWireInteger(minor: bigint): number {
  if (minor < BigInt(Number.MIN_SAFE_INTEGER) || minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${minor} minor units cannot be sent as a JSON integer exactly`);
  }
  return Number(minor);
}
