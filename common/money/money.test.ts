import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountSchema } from './amount-schema.ts';
import {
  add,
  CurrencyMismatch,
  formatAmount,
  MAX_INPUT_MINOR,
  minorAsWireInteger,
  money,
  parseAmount,
  subtract,
} from './money.ts';

const positiveMinor = fc.bigInt({ min: 1n, max: MAX_INPUT_MINOR });

describe('parseAmount / formatAmount', () => {
  it('round-trips every accepted amount through its 2-decimal text', () => {
    fc.assert(
      fc.property(positiveMinor, (minor) => {
        const text = formatAmount(money('MAD', minor));
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(parseAmount(text, 'MAD')).toEqual({ ok: true, value: money('MAD', minor) });
      }),
    );
  });

  it('reads numbers by their exact decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const n = Number(`${whole}.${String(cents).padStart(2, '0')}`);
        expect(parseAmount(n, 'EUR')).toEqual({ ok: true, value: money('EUR', BigInt(whole) * 100n + BigInt(cents)) });
      }),
    );
    expect(parseAmount(150, 'EUR')).toEqual({ ok: true, value: money('EUR', 15000n) });
    expect(parseAmount(150.1, 'EUR')).toEqual({ ok: true, value: money('EUR', 15010n) });
    expect(parseAmount('150.100', 'EUR')).toEqual({ ok: true, value: money('EUR', 15010n) });
  });

  it.each([
    [0.1 + 0.2, 'too_many_decimals'],
    ['1.001', 'too_many_decimals'],
    [0, 'not_positive'],
    ['0.00', 'not_positive'],
    [-5, 'not_positive'],
    ['-5', 'not_positive'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    [1e21, 'invalid'],
    [1e-7, 'invalid'],
    ['', 'invalid'],
    [' 5', 'invalid'],
    ['5.', 'invalid'],
    ['.5', 'invalid'],
    ['1e3', 'invalid'],
    ['0x10', 'invalid'],
    [null, 'invalid'],
    [true, 'invalid'],
    ['1'.repeat(1000), 'too_large'],
    ['10000000000000', 'too_large'],
  ])('refuses %s (%s)', (input, error) => {
    expect(parseAmount(input, 'MAD')).toEqual({ ok: false, error });
  });

  it('accepts the largest amount and no more', () => {
    expect(parseAmount(formatAmount(money('MAD', MAX_INPUT_MINOR)), 'MAD').ok).toBe(true);
    expect(parseAmount(formatAmount(money('MAD', MAX_INPUT_MINOR + 1n)), 'MAD')).toEqual({
      ok: false,
      error: 'too_large',
    });
  });

  it('formats negatives and small amounts', () => {
    expect(formatAmount(money('EUR', -5n))).toBe('-0.05');
    expect(formatAmount(money('EUR', 15000n))).toBe('150.00');
    expect(formatAmount(money('EUR', 0n))).toBe('0.00');
  });

  it('never mixes currencies in arithmetic', () => {
    expect(add(money('MAD', 1n), money('MAD', 2n))).toEqual(money('MAD', 3n));
    expect(subtract(money('MAD', 1n), money('MAD', 2n))).toEqual(money('MAD', -1n));
    expect(() => add(money('MAD', 1n), money('EUR', 2n) as never)).toThrow(CurrencyMismatch);
  });
});

describe('amountSchema', () => {
  it('gives Money or a field message', () => {
    expect(amountSchema('MAD').parse('12.50')).toEqual(money('MAD', 1250n));
    const refused = amountSchema('MAD').safeParse('12.505');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Ensure that there are no more than 2 decimal places.');
  });
});

describe('minorAsWireInteger', () => {
  it('passes exact integers and refuses what a number cannot hold', () => {
    expect(minorAsWireInteger(10_160n)).toBe(10_160);
    expect(minorAsWireInteger(0n)).toBe(0);
    expect(() => minorAsWireInteger(2n ** 53n)).toThrow(RangeError);
  });
});
