import { describe, expect, it } from 'vitest';
import { parsePhone } from '../../common/identity/phone';
import { formatPhoneInput, phoneForApi } from './phone-input-format';

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
