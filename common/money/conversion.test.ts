import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eurToMad, feeOf, formatPercent, madToEur, splitFee } from './conversion.ts';
import { divideRounded, formatDecimal, parseDecimal, type Decimal } from './decimal.ts';
import { money } from './money.ts';

const rateArb: fc.Arbitrary<Decimal> = fc
  .record({ units: fc.bigInt({ min: 1n, max: 10n ** 12n }), scale: fc.integer({ min: 0, max: 8 }) })
  .filter((r) => r.units > 0n);
const fractionArb: fc.Arbitrary<Decimal> = fc
  .integer({ min: 0, max: 6 })
  .chain((scale) => fc.record({ units: fc.bigInt({ min: 0n, max: 10n ** BigInt(scale) }), scale: fc.constant(scale) }));
const minorArb = fc.bigInt({ min: 0n, max: 10n ** 14n });
const rate = (text: string): Decimal => {
  const parsed = parseDecimal(text);
  if (!parsed) throw new Error(text);
  return parsed;
};

describe('decimals', () => {
  it('parse and format round-trip', () => {
    expect(formatDecimal(rate('10.8500'))).toBe('10.8500');
    expect(formatDecimal(rate('0.016'))).toBe('0.016');
    expect(formatDecimal(rate('7'))).toBe('7');
    for (const bad of ['', '-1', '1.', '1.123456789', 'abc', '1e3']) expect(parseDecimal(bad)).toBeUndefined();
  });

  it('divideRounded is within half a unit and symmetric', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 10n }), (n, d) => {
        const q = divideRounded(n, d);
        const error = 2n * (n - q * d); // 2 * (n/d - q) * d, kept in integers
        expect(error <= d && error >= -d).toBe(true);
        expect(divideRounded(-n, d)).toBe(-q);
      }),
    );
  });
});

describe('the exchange conversions', () => {
  it('examples', () => {
    expect(eurToMad(money('EUR', 10_000n), rate('10.8500'))).toEqual(money('MAD', 108_500n));
    expect(eurToMad(money('EUR', 105n), rate('10.85'))).toEqual(money('MAD', 1_100n)); // 11.3925 -> 11
    expect(madToEur(money('MAD', 100_000n), rate('10.85'))).toEqual(money('EUR', 9_217n)); // 92.1658...
    expect(formatPercent(rate('0.016'))).toBe('1.60');
    expect(formatPercent(rate('0.00125'))).toBe('0.13');
    expect(feeOf(money('EUR', 10_000n), rate('0.016'))).toEqual(money('EUR', 160n));
  });

  it('EUR -> MAD is whole dirhams within half a dirham of the exact product', () => {
    fc.assert(
      fc.property(minorArb, rateArb, (cents, r) => {
        const mad = eurToMad(money('EUR', cents), r);
        expect(mad.minor % 100n).toBe(0n);
        // |dirhams - cents*rate/100| <= 1/2, times 2 * 100 * 10^scale to stay in integers (mad.minor = dirhams*100).
        const scale = 10n ** BigInt(r.scale);
        const error = 2n * (mad.minor * scale - cents * r.units);
        expect(error <= 100n * scale && error >= -100n * scale).toBe(true);
      }),
    );
  });

  it('MAD -> EUR is within half a cent of the exact quotient and monotonic', () => {
    fc.assert(
      fc.property(minorArb, minorArb, rateArb, (a, b, r) => {
        const eur = madToEur(money('MAD', a), r);
        const error = 2n * (eur.minor * r.units - a * 10n ** BigInt(r.scale));
        expect(error <= r.units && error >= -r.units).toBe(true);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(madToEur(money('MAD', lo), r).minor <= madToEur(money('MAD', hi), r).minor).toBe(true);
      }),
    );
  });

  it('splitting a fee never creates or loses value, and the fee stays within the gross', () => {
    fc.assert(
      fc.property(minorArb, fractionArb, (gross, fraction) => {
        const { fee, net } = splitFee(money('EUR', gross), fraction);
        expect(fee.minor + net.minor).toBe(gross);
        expect(fee.minor >= 0n && net.minor >= 0n).toBe(true);
        expect(fee.currency).toBe('EUR');
      }),
    );
  });

  it('the fee of a sum is within one unit per part of the sum of the fees', () => {
    fc.assert(
      fc.property(fc.array(minorArb, { minLength: 1, maxLength: 10 }), fractionArb, (parts, fraction) => {
        const total = parts.reduce((s, p) => s + p, 0n);
        const separate = parts.reduce((s, p) => s + feeOf(money('MAD', p), fraction).minor, 0n);
        const whole = feeOf(money('MAD', total), fraction).minor;
        const gap = whole - separate;
        expect(gap <= BigInt(parts.length) && gap >= -BigInt(parts.length)).toBe(true);
      }),
    );
  });
});
