import { describe, expect, it } from 'vitest';
import { directionOf } from '../../common/i18n/languages';
import { resolveLanguage } from './resolve-language';

describe('the language', () => {
  it('is the lang query parameter, else the stored language, else French', () => {
    expect(resolveLanguage('ar', 'en')).toBe('ar');
    expect(resolveLanguage(null, 'en')).toBe('en');
    expect(resolveLanguage('klingon', 'also-bad')).toBe('fr');
    expect(resolveLanguage(null, null)).toBe('fr');
  });
  it('sets right-to-left for Arabic only', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });
});
