/**
 * Exact non-negative decimals for rates ("10.8500" MAD per EUR) and fee fractions ("0.016"): an integer and a
 * power of ten, so conversions are integer arithmetic with one explicit rounding step.
 */
export interface Decimal {
  readonly units: bigint;
  /** Digits after the point: value = units / 10^scale. */
  readonly scale: number;
}

/** More digits than any published FX rate carries; bounds the work and the stored text. */
export const MAX_DECIMAL_SCALE = 8;

export function parseDecimal(text: string): Decimal | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

export function formatDecimal(value: Decimal): string {
  if (value.scale === 0) return value.units.toString();
  const digits = value.units.toString().padStart(value.scale + 1, '0');
  return `${digits.slice(0, -value.scale)}.${digits.slice(-value.scale)}`;
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero: the usual commercial rounding,
 * symmetric so that a refund rounds exactly like the charge it reverses.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}
