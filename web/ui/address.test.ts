import { describe, expect, it } from 'vitest';
import { formatAddress } from './address';

describe('an address on one line', () => {
  it('is street, then zip code and city, leaving out what is missing', () => {
    expect(formatAddress('120 Boulevard Mohammed V', '20250', 'Casablanca')).toBe('120 Boulevard Mohammed V, 20250 Casablanca');
    expect(formatAddress(null, '20250', 'Casablanca')).toBe('20250 Casablanca');
    expect(formatAddress('120 Boulevard Mohammed V', null, null)).toBe('120 Boulevard Mohammed V');
    expect(formatAddress(null, null, null)).toBe('');
  });
});
