import { describe, expect, it } from 'vitest';
import { cityIn } from './city-names.ts';

describe('an agency city in the reader’s language', () => {
  it('is written as each language writes it, from any of its spellings', () => {
    expect(cityIn('fr', 'Tangier')).toBe('Tanger');
    expect(cityIn('en', 'Tanger')).toBe('Tangier');
    expect(cityIn('ar', 'TANGER ')).toBe('طنجة');
    expect(cityIn('es', 'طنجة')).toBe('Tánger');
    expect(cityIn('de', 'marrakech')).toBe('Marrakesch');
    expect(cityIn('fr', 'Tetouan')).toBe('Tétouan');
    expect(cityIn('ar', 'Casablanca')).toBe('الدار البيضاء');
  });

  it('is as typed when it is not a city we know, or the language none of ours', () => {
    expect(cityIn('ar', 'Ouarzazate')).toBe('Ouarzazate');
    expect(cityIn('pt', 'Tanger')).toBe('Tanger');
  });
});
