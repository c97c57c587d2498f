import { describe, expect, it } from 'vitest';
import { markupPercent } from './receipt.service.ts';

// The receipt's mark-up over the official rate, from the stored decimal strings: no float on the way.
describe('markupPercent', () => {
  it('gives (official - rate) / official in percent, two decimals, halves away from zero', () => {
    expect(markupPercent('10.6712', '10.8500')).toBe('1.65'); // 1.6479... -> 1.65
    expect(markupPercent('10.85', '10.8500')).toBe('0.00');
    expect(markupPercent('10.8', '11')).toBe('1.82'); // 1.8181...
    expect(markupPercent('9.95', '10')).toBe('0.50'); // exactly 0.5: no float rounding it to 0.49
  });

  it('is negative when the applied rate is above the official one, and refuses what is not a rate', () => {
    expect(markupPercent('11', '10')).toBe('-10.00');
    expect(() => markupPercent('abc', '10')).toThrow(RangeError);
    expect(() => markupPercent('10', '0')).toThrow(RangeError);
  });
});
