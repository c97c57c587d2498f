import { describe, expect, it } from 'vitest';
import { isolateLtrRuns, withoutIsolated } from './bidi-isolate.ts';

describe('isolating left-to-right runs in right-to-left text', () => {
  it('keeps a grouped reference, a Latin name and a date whole', () => {
    expect(isolateLtrRuns('المرجع: 686 984 1276.')).toBe('المرجع: \u2066686 984 1276\u2069.');
    expect(isolateLtrRuns('أرسل لك Fatima Zahra مبلغ')).toBe('أرسل لك \u2066Fatima Zahra\u2069 مبلغ');
    expect(isolateLtrRuns('صالح حتى 29 نوفمبر 2026.')).toBe('صالح حتى \u206629\u2069 نوفمبر \u20662026\u2069.');
  });

  it('leaves pieces already isolated as they are, and is idempotent', () => {
    const amount = '\u20661 070,00 MAD\u2069';
    expect(isolateLtrRuns(`مبلغ ${amount} من Karim`)).toBe(`مبلغ ${amount} من \u2066Karim\u2069`);
    const once = isolateLtrRuns('المرجع: 9956-8QUF-HDGU، Wallet Rabat Agdal');
    expect(isolateLtrRuns(once)).toBe(once);
    expect(withoutIsolated(once)).not.toMatch(/[A-Za-z0-9]/);
  });

  it('leaves a link untouched: a closing mark next to it would end up inside the link', () => {
    expect(isolateLtrRuns('سجّل هنا: https://sila.example/r/AbC12 قبل 3 ديسمبر')).toBe(
      'سجّل هنا: https://sila.example/r/AbC12 قبل \u20663\u2069 ديسمبر',
    );
  });

  it('does not join runs across a line break', () => {
    expect(isolateLtrRuns('A\nB')).toBe('\u2066A\u2069\n\u2066B\u2069');
  });
});
