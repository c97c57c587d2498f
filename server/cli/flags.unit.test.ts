import { describe, expect, it } from 'vitest';
import { validateRates } from '../modules/rates/rates.service.ts';
import { validateAgency } from '../modules/contacts/agencies.service.ts';
import { parseFlags, UsageError } from './flags.ts';

describe('parseFlags', () => {
  it('reads required and optional flags', () => {
    expect(parseFlags(['--a', '1', '--b', 'x y'], ['a'], ['b'])).toEqual({ a: '1', b: 'x y' });
  });
  it('refuses unknown flags, missing values and missing required flags', () => {
    expect(() => parseFlags(['--c', '1'], ['a'])).toThrow(UsageError);
    expect(() => parseFlags(['--a'], ['a'])).toThrow(/Missing value/);
    expect(() => parseFlags(['--a', '--b'], ['a'], ['b'])).toThrow(/Missing value/);
    expect(() => parseFlags([], ['a', 'b'])).toThrow('Missing --a, --b');
  });
});

describe('validateRates', () => {
  const ok = { official: '10.85', freemium: '10.70', subscription: '10.80', fee: '0.016' };
  it('accepts consistent exact decimals, a zero fee included', () => {
    expect(validateRates(ok)).toEqual([]);
    expect(validateRates({ ...ok, fee: '0' })).toEqual([]);
  });
  it('refuses a customer rate above the official one, subscription below freemium, a fee of 1 or more', () => {
    expect(validateRates({ ...ok, freemium: '10.90' })).toHaveLength(2);
    expect(validateRates({ ...ok, subscription: '10.60' })).toEqual([
      '--subscription: The subscription rate may not be below the freemium rate.',
    ]);
    expect(validateRates({ ...ok, fee: '1' })).toHaveLength(1);
    expect(validateRates({ ...ok, official: '-1' })).toHaveLength(1);
    expect(validateRates({ ...ok, official: '10.85001' })).toEqual(['--official: At most 4 decimals.']);
  });
  it('refuses a customer rate more than 10 % below the official one (a typo that costs money)', () => {
    expect(validateRates({ ...ok, freemium: '9.7650' })).toEqual([]);
    expect(validateRates({ ...ok, freemium: '9.7649' })).toEqual([
      '--freemium: A margin may not exceed 10 % of the official rate.',
    ]);
  });
  it('refuses a fee the screens cannot show as charged: more than 2 decimals of a percent', () => {
    expect(validateRates({ ...ok, fee: '0.016125' })).toEqual([
      '--fee: At most 4 decimals: customers see the fee as a percent with 2 decimals (0.0161 = 1.61 %).',
    ]);
    expect(validateRates({ ...ok, fee: '0.0161' })).toEqual([]);
    expect(validateRates({ ...ok, fee: '0.016100' })).toEqual([]);
  });
});

describe('validateAgency', () => {
  const ok = { name: 'A', address: '1 Rue', zip: '1', city: 'C', lat: '33.5', lon: '-7.6' };
  it('normalises the phone and e-mail', () => {
    expect(validateAgency({ ...ok, phone: '+212 5 22 00 00 00', email: 'A@B.MA' })).toMatchObject({
      ok: true,
      agency: { phone: '+212522000000', email: 'a@b.ma' },
    });
  });
  it('names every bad flag', () => {
    const checked = validateAgency({ ...ok, name: ' ', lat: '91', lon: 'x', phone: '123' });
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.map((p) => p.split(' ')[0])).toEqual(['--name', '--lat', '--lon', '--phone']);
  });
});
