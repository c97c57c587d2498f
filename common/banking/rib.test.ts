import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moroccanBankName } from './moroccan-banks.ts';
import { formatRib, parseRib, ribKey } from './rib.ts';

// Keys computed outside this code (97 - (first 22 digits x 100) mod 97), and Bank Al-Maghrib's own published RIB.
const ATTIJARI = '007780000123456789012396';
const CIH_SPACED = '230 810 2111 1122 2233 3344 66';
const BANK_AL_MAGHRIB = '001 810 00 780 002 011 062 03 18';
const UNKNOWN_BANK = '999780000123456789012341';

describe('parseRib', () => {
  it('accepts valid RIBs, typed with or without spaces, and names their bank', () => {
    const attijari = parseRib(ATTIJARI);
    expect(attijari).toEqual({
      ok: true,
      value: {
        digits: ATTIJARI,
        bankCode: '007',
        localityCode: '780',
        account: '0001234567890123',
        key: '96',
        bankName: 'Attijariwafa bank',
      },
    });
    const cih = parseRib(CIH_SPACED);
    expect(cih.ok && cih.value.digits).toBe('230810211111222233334466');
    expect(cih.ok && cih.value.bankName).toBe('CIH Bank');
    const bam = parseRib(BANK_AL_MAGHRIB);
    expect(bam.ok && bam.value.bankName).toBe('Bank Al-Maghrib');
    expect(parseRib(` ${ATTIJARI.slice(0, 12)}\u00A0${ATTIJARI.slice(12)} `).ok).toBe(true);
  });

  it('refuses a wrong key: any one digit changed', () => {
    expect(parseRib('007780000123456789012397')).toEqual({ ok: false, error: 'key' });
    expect(parseRib('107780000123456789012396')).toEqual({ ok: false, error: 'key' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digit = (Number(ATTIJARI[position]) + delta) % 10;
        const changed = `${ATTIJARI.slice(0, position)}${digit}${ATTIJARI.slice(position + 1)}`;
        expect(parseRib(changed)).toEqual({ ok: false, error: 'key' });
      }),
    );
  });

  it('refuses a wrong length, and anything but digits and spaces', () => {
    expect(parseRib(ATTIJARI.slice(0, 23))).toEqual({ ok: false, error: 'length' });
    expect(parseRib(`${ATTIJARI}0`)).toEqual({ ok: false, error: 'length' });
    expect(parseRib('')).toEqual({ ok: false, error: 'length' });
    expect(parseRib(`MA64${ATTIJARI}`)).toEqual({ ok: false, error: 'format' });
    expect(parseRib('007-780-000123456789012396')).toEqual({ ok: false, error: 'format' });
  });

  it('refuses a valid key at a bank code no Moroccan bank has (999)', () => {
    expect(parseRib(UNKNOWN_BANK)).toEqual({ ok: false, error: 'unknown_bank' });
    expect(moroccanBankName('999')).toBeUndefined();
    expect(moroccanBankName('constructor')).toBeUndefined();
  });

  it('computes the key that makes any 22 digits a valid RIB', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{19}$/), (rest) => {
        const first22 = `007${rest}`;
        const parsed = parseRib(`${first22}${ribKey(first22)}`);
        expect(parsed.ok).toBe(true);
      }),
    );
  });
});

describe('formatRib', () => {
  it('groups a RIB by its parts, the account by 4', () => {
    expect(formatRib(ATTIJARI)).toBe('007 780 0001 2345 6789 0123 96');
    expect(parseRib(formatRib(ATTIJARI)).ok).toBe(true);
    expect(formatRib('12345')).toBe('12345');
  });
});
