import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, splitInternational } from './phone.ts';
import { installPhoneRules } from './phone-rules.ts';

installPhoneRules();

describe('parsePhone', () => {
  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12-34-56-78', '+33612345678'],
    ['+330612345678', '+33612345678'],
    ['0033612345678', '+33612345678'],
    ['+212 6 61 23 45 67', '+212661234567'],
    ['+2120661234567', '+212661234567'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('normalises %s to %s', (input, expected) => {
    expect(parsePhone(input)).toEqual({ ok: true, value: expected, prefix: expected.match(/^\+(33|212|1)/)?.[0] });
  });

  // People in Spain, Italy, Belgium, the Netherlands and Germany could not sign up with their phone.
  it.each([
    ['+34 612 34 56 78', '+34612345678', '+34'],
    ['+34 91 123 45 67', '+34911234567', '+34'],
    ['+39 312 345 6789', '+393123456789', '+39'],
    ['+39 06 1234 5678', '+390612345678', '+39'],
    ['+32 470 12 34 56', '+32470123456', '+32'],
    ['+32 0470 12 34 56', '+32470123456', '+32'],
    ['+31 6 12345678', '+31612345678', '+31'],
    ['+49 151 23456789', '+4915123456789', '+49'],
    ['0049 0151 23456789', '+4915123456789', '+49'],
    ['+351 912 345 678', '+351912345678', '+351'],
  ])('takes %s from the rest of the European Union as %s', (input, expected, prefix) => {
    expect(parsePhone(input)).toEqual({ ok: true, value: expected, prefix });
  });

  it.each([
    ['+34 612 34 56', 'wrong_length'],
    ['+49 151', 'wrong_length'],
    ['+34 012 345 678', 'invalid'],
  ])("refuses %j by that country's rules as %s", (input, error) => {
    expect(parsePhone(input)).toEqual({ ok: false, error });
  });

  it.each([
    ['', 'invalid'],
    ['06 12 34 56 78', 'invalid'],
    ['+33 6 12 34 56 7a', 'invalid'],
    ['+44 20 7946 0958', 'unsupported_prefix'],
    ['+216 20 123 456', 'unsupported_prefix'],
    ['+33 6 12 34 56', 'wrong_length'],
    ['+212 6 61 23 45 67 89', 'wrong_length'],
    ['+1 015 555 2671', 'invalid'],
    // An international prefix typed after the country prefix: not a number (was accepted as +33033612345).
    ['+330033612345', 'invalid'],
    ['+33 00 33 61 23 45', 'invalid'],
    ['+2120021261234', 'invalid'],
  ])('refuses %j as %s', (input, error) => {
    expect(parsePhone(input)).toEqual({ ok: false, error });
  });
});

describe('formatPhone', () => {
  it('groups French numbers as a bracketed 0 and pairs', () => {
    expect(formatPhone('+33612345678')).toBe('+33 (0)6 12 34 56 78');
  });
  it('groups Tunisian numbers the same way', () => {
    expect(formatPhone('+21620123456')).toBe('+216 (0)2 01 23 45 6');
  });
  it('shows US numbers as (xxx)-xxx-xxxx, dropping a leading 0', () => {
    expect(formatPhone('+14155552671')).toBe('+1 (415)-555-2671');
    expect(formatPhone('+104155552671')).toBe('+1 (415)-555-2671');
  });
  it('groups Moroccan numbers as the national digit and pairs', () => {
    expect(formatPhone('+212612345678')).toBe('+212 6 12 34 56 78');
  });
  it('leaves other numbers as they are', () => {
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
  });
});

describe('splitInternational', () => {
  it.each([
    ['+33 6 12 34 56 78', '+33', '612345678'],
    ['0033612345678', '+33', '612345678'],
    ['+212 6 12 34 56 78', '+212', '612345678'],
    ['00212612345678', '+212', '612345678'],
    ['+1 (415) 555-2671', '+1', '4155552671'],
  ])('reads %j as %s %s', (text, prefix, national) => {
    expect(splitInternational(text)).toEqual({ prefix, national });
  });
  it.each(['06 12 34 56 78', '612345678', '+44 20 7946 0958', '', '+'])('finds no prefix in %j', (text) => {
    expect(splitInternational(text)).toBeUndefined();
  });
});
