import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPayeeNameForFile, PAYEE_NAME_MAX_LENGTH, payeeNameForFile } from './payee-name.ts';

describe('payeeNameForFile', () => {
  it('upper-cases a Latin name and drops its accents', () => {
    expect(payeeNameForFile('Zaïd', 'Benjelloun-Ḥaddad')).toBe('ZAID BENJELLOUN-HADDAD');
    expect(payeeNameForFile('Hélène', "O'Connor")).toBe("HELENE O'CONNOR");
    expect(payeeNameForFile('Jürgen', 'Groß')).toBe('JURGEN GROSS');
  });

  it('romanises Arabic and Tifinagh, without the signs romanisation adds for hamza and ain', () => {
    expect(payeeNameForFile('محمد', 'بن عبد الله')).toBe('MHMD BN BD LLH');
    expect(payeeNameForFile('أمينة', 'الإدريسي')).toBe('MYNH LDRYSY');
    expect(payeeNameForFile('ⵜⴰⵎⴰⵣⵉⵖⵜ', 'Amazigh')).toBe('TAMAZIGHT AMAZIGH');
  });

  it('replaces what the set does not allow, and collapses spaces', () => {
    expect(payeeNameForFile('  Amina ', ' El   Idrissi\u200F')).toBe('AMINA EL IDRISSI');
    expect(payeeNameForFile('Amina & Co', 'El_Idrissi')).toBe('AMINA CO EL IDRISSI');
  });

  it('cuts a long name at 35 characters after a whole word', () => {
    const long = payeeNameForFile('Mohammed Amine Abdelkader', 'El Alaoui Ben Abdellah');
    expect(long).toBe('MOHAMMED AMINE ABDELKADER EL ALAOUI');
    expect(long.length).toBeLessThanOrEqual(PAYEE_NAME_MAX_LENGTH);
    expect(payeeNameForFile('A'.repeat(50), 'B')).toBe('A'.repeat(35));
  });

  it('always gives what a payment file can carry, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1 }), (a, b) => {
        const name = payeeNameForFile(`x${a}`, b);
        expect(isPayeeNameForFile(name)).toBe(true);
      }),
    );
    expect(isPayeeNameForFile('amina')).toBe(false);
    expect(isPayeeNameForFile('')).toBe(false);
  });
});
