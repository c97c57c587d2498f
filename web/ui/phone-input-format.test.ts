import { describe, expect, it } from 'vitest';
import { parsePhone } from '../../common/identity/phone';
import { acceptPhoneInput, caretAfterFormat, formatPhoneInput, phoneForApi } from './phone-input-format';

describe('formatPhoneInput', () => {
  it('groups French numbers in pairs, with or without the trunk 0', () => {
    expect(formatPhoneInput('+33', '0612345678')).toBe('06 12 34 56 78');
    expect(formatPhoneInput('+33', '612345678')).toBe('6 12 34 56 78');
    expect(formatPhoneInput('+33', '061')).toBe('06 1');
  });

  it('groups Moroccan numbers the same way', () => {
    expect(formatPhoneInput('+212', '0612345678')).toBe('06 12 34 56 78');
  });

  it('writes US numbers as (xxx)-xxx-xxxx and drops a leading 0', () => {
    expect(formatPhoneInput('+1', '2025550123')).toBe('(202)-555-0123');
    expect(formatPhoneInput('+1', '02025550123')).toBe('(202)-555-0123');
    expect(formatPhoneInput('+1', '2025')).toBe('(202)-5');
  });

  it('lets a US area code be erased: deleting the closing bracket of "(202)" leaves "202"', () => {
    expect(formatPhoneInput('+1', '(202')).toBe('202');
    expect(formatPhoneInput('+1', '202')).toBe('202');
    expect(formatPhoneInput('+1', '20')).toBe('20');
  });

  it('keeps digits only and reformats what was pasted with other separators', () => {
    expect(formatPhoneInput('+33', '06.12-34 abc 56/78')).toBe('06 12 34 56 78');
    expect(formatPhoneInput('+212', '٠٦١٢٣٤٥٦٧٨')).toBe('06 12 34 56 78');
  });

  it('never exceeds 16 characters, extra digits being dropped', () => {
    const formatted = formatPhoneInput('+33', '06123456789999999999');
    expect(formatted).toBe('06 12 34 56 78');
    expect(formatted.length).toBeLessThanOrEqual(16);
    expect(formatPhoneInput('+1', '20255501239999').length).toBeLessThanOrEqual(16);
  });

  it('is stable: formatting a formatted number changes nothing', () => {
    for (const [prefix, typed] of [['+33', '0612345678'], ['+212', '612345678'], ['+1', '2025550123']] as const) {
      const once = formatPhoneInput(prefix, typed);
      expect(formatPhoneInput(prefix, once)).toBe(once);
    }
  });
});

describe('phoneForApi', () => {
  it('sends the prefix and the digits, spaces removed, which the shared rules accept', () => {
    expect(phoneForApi('+33', '06 12 34 56 78')).toBe('+330612345678');
    expect(parsePhone(phoneForApi('+33', '06 12 34 56 78'))).toEqual({ ok: true, value: '+33612345678', prefix: '+33' });
    expect(parsePhone(phoneForApi('+1', '(202)-555-0123'))).toMatchObject({ ok: true, value: '+12025550123' });
  });
});

describe('acceptPhoneInput: pasted numbers with their international prefix', () => {
  it.each([
    ['+33', '+33 6 12 34 56 78', true, '+33', '6 12 34 56 78'],
    ['+33', '0033612345678', true, '+33', '6 12 34 56 78'],
    ['+33', '+212 6 12 34 56 78', true, '+212', '6 12 34 56 78'],
    ['+212', '00212612345678', false, '+212', '6 12 34 56 78'],
    ['+33', '+1 (415) 555-2671', true, '+1', '(415)-555-2671'],
    ['+33', '06 12 34 56 78', true, '+33', '06 12 34 56 78'],
  ] as const)('in the %s field, %j becomes %s %s', (prefix, typed, choosable, nextPrefix, value) => {
    expect(acceptPhoneInput(prefix, typed, choosable)).toMatchObject({ prefix: nextPrefix, value });
  });

  it('a fixed prefix field does not take another country: the digits stay for the server to refuse', () => {
    expect(acceptPhoneInput('+33', '+212 6 12 34 56 78', false)).toMatchObject({ prefix: '+33' });
  });

  it('what it makes is what the server accepts, never +33 0033…', () => {
    const { prefix, value } = acceptPhoneInput('+33', '0033612345678', true);
    expect(parsePhone(phoneForApi(prefix as '+33', value))).toEqual({ ok: true, value: '+33612345678', prefix: '+33' });
  });
});

describe('caretAfterFormat', () => {
  it('puts the caret after as many digits as stood before it', () => {
    expect(caretAfterFormat('06 12 34 56 78', 3)).toBe(4);
    expect(caretAfterFormat('06 12 34 56 78', 0)).toBe(0);
    expect(caretAfterFormat('(202)-555-0123', 4)).toBe(7);
    expect(caretAfterFormat('06 1', 9)).toBe(4);
  });
});
