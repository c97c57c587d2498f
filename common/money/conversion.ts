import { divideRounded, formatDecimal, pow10, type Decimal } from './decimal.ts';
import { money, type Money } from './money.ts';

/**
 * The exchange rules, one function per rule. The rate is MAD per EUR. Every rounding is a
 * single half-away-from-zero step on exact integers; where an amount is split (fees) the parts are derived by
 * subtraction so that they always add back to the whole.
 */

const CENTS_PER_EUR = 100n;
const CENTIMES_PER_DIRHAM = 100n;

function assertPositiveRate(rate: Decimal): void {
  if (rate.units <= 0n) throw new RangeError('A rate must be positive');
}

/** EUR -> MAD: multiply by the rate, round to whole dirhams (the result is still in centimes, a multiple of 100). */
export function eurToMad(eur: Money<'EUR'>, rate: Decimal): Money<'MAD'> {
  assertPositiveRate(rate);
  const dirhams = divideRounded(eur.minor * rate.units, CENTS_PER_EUR * pow10(rate.scale));
  return money('MAD', dirhams * CENTIMES_PER_DIRHAM);
}

/** MAD -> EUR: divide by the rate, round to cents. Also "the balance in EUR". */
export function madToEur(mad: Money<'MAD'>, rate: Decimal): Money<'EUR'> {
  assertPositiveRate(rate);
  // centimes / rate = centimes * 10^scale / units, and 1 centime ~ 1 cent of scale, so no other factor.
  return money('EUR', divideRounded(mad.minor * pow10(rate.scale), rate.units));
}

/** The fee on an amount: amount times the fee fraction (0.016 for 1.6 %), rounded to the currency's minor unit. */
export function feeOf<M extends Money>(amount: M, fraction: Decimal): M {
  return { currency: amount.currency, minor: divideRounded(amount.minor * fraction.units, pow10(fraction.scale)) } as M;
}

/**
 * Splits a gross amount into the fee and what remains. The net is the gross minus the rounded fee, never rounded
 * on its own, so fee + net === gross for every input: rounding moves value between the two, never creates it.
 */
export function splitFee<M extends Money>(gross: M, fraction: Decimal): { fee: M; net: M } {
  const fee = feeOf(gross, fraction);
  return { fee, net: { currency: gross.currency, minor: gross.minor - fee.minor } as M };
}

/** A fee fraction shown as a percent with 2 decimals: 0.016 -> "1.60". */
export function formatPercent(fraction: Decimal): string {
  const hundredthsOfPercent = divideRounded(fraction.units * 10_000n, pow10(fraction.scale));
  return formatDecimal({ units: hundredthsOfPercent, scale: 2 });
}
