import { describe, expect, it } from 'vitest';
import { isolateLtrRuns, nameIn, withoutIsolated } from './bidi-isolate.ts';

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

describe('a name put into a message (nameIn)', () => {
  it('is between FSI and PDI in Arabic, whatever its script', () => {
    expect(nameIn('ar', 'Jean Dupont')).toBe('\u2068Jean Dupont\u2069');
    expect(nameIn('ar', 'كريم بنعلي')).toBe('\u2068كريم بنعلي\u2069');
    expect(nameIn('ar', 'Agence Hay Riad, Rabat')).toBe('\u2068Agence Hay Riad, Rabat\u2069');
  });

  it('is as typed in the left-to-right languages, where marks would only lengthen an SMS', () => {
    for (const language of ['fr', 'en', 'es', 'it', 'nl', 'de'] as const)
      expect(nameIn(language, 'Jean Dupont')).toBe('Jean Dupont');
  });

  it('loses the direction marks a person typed, so an unclosed isolate cannot reorder the rest', () => {
    expect(nameIn('ar', '\u202EJean\u2066 Dupont')).toBe('\u2068Jean Dupont\u2069');
    expect(nameIn('fr', 'Jean\u200F Dupont')).toBe('Jean Dupont');
  });

  it('gives nothing for an empty name (no pair of marks around nothing)', () => {
    expect(nameIn('ar', '')).toBe('');
  });

  it('is kept whole by the isolation of the runs around it, an Arabic comma after it staying outside', () => {
    const text = isolateLtrRuns(`أرسل لك ${nameIn('ar', 'Jean Dupont')}، ${nameIn('ar', 'Agence Hay Riad')} مبلغ 100`);
    expect(text).toBe('أرسل لك \u2068Jean Dupont\u2069، \u2068Agence Hay Riad\u2069 مبلغ \u2066100\u2069');
  });
});
