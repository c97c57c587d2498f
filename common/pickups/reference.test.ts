import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPickupReference,
  groupPickupReference,
  hasValidCheckDigit,
  makePickupReference,
  verhoeffDigit,
} from './reference.ts';

const randomBytes = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));

describe('pickup reference check digit (Verhoeff)', () => {
  it('matches the published examples', () => {
    expect(verhoeffDigit('236')).toBe(3);
    expect(verhoeffDigit('12345')).toBe(1);
    expect(verhoeffDigit('142857')).toBe(0);
    expect(hasValidCheckDigit('2363')).toBe(true);
    expect(hasValidCheckDigit('2364')).toBe(false);
  });

  it('a made reference has 10 digits and a valid check digit', () => {
    for (let i = 0; i < 200; i++) {
      const ref = makePickupReference(randomBytes);
      expect(ref).toMatch(/^\d{10}$/);
      expect(checkPickupReference(ref)).toEqual({ ok: true, reference: ref });
    }
  });

  it('catches every single mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const ref = `${body}${verhoeffDigit(body)}`;
          const wrong = ref.slice(0, at) + String((Number(ref[at]) + delta) % 10) + ref.slice(at + 1);
          expect(hasValidCheckDigit(wrong)).toBe(false);
        },
      ),
    );
  });

  it('catches every swap of two different adjacent digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 8 }), (body, at) => {
        const ref = `${body}${verhoeffDigit(body)}`;
        fc.pre(ref[at] !== ref[at + 1]);
        const swapped = ref.slice(0, at) + ref[at + 1] + ref[at] + ref.slice(at + 2);
        expect(hasValidCheckDigit(swapped)).toBe(false);
      }),
    );
  });

  it('ignores spaces and dashes, refuses other shapes, groups 3-3-4', () => {
    const ref = makePickupReference(randomBytes);
    const grouped = groupPickupReference(ref);
    expect(grouped).toMatch(/^\d{3} \d{3} \d{4}$/);
    expect(checkPickupReference(grouped)).toEqual({ ok: true, reference: ref });
    expect(checkPickupReference(`${ref.slice(0, 3)}-${ref.slice(3)}`)).toEqual({ ok: true, reference: ref });
    expect(checkPickupReference('12345')).toEqual({ ok: false, reason: 'format' });
    expect(checkPickupReference('12345678a0')).toEqual({ ok: false, reason: 'format' });
    const bad = ref.slice(0, 9) + String((Number(ref[9]) + 1) % 10);
    expect(checkPickupReference(bad)).toEqual({ ok: false, reason: 'check_digit' });
  });
});
