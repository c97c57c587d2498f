import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAppAt } from '../../app/app.fixtures';

beforeEach(() => {
  localStorage.clear();
});

// People in Spain, Italy, Belgium, the Netherlands and Germany could not sign in with their phone: only France,
// Morocco and the US were offered.
describe('phone sign-in, the country step', () => {
  it(
    'offers the European Union, Morocco and the US with their calling codes, France chosen first',
    { timeout: 15_000 },
    async () => {
      renderAppAt('/auth/phone/step1?lang=fr');
      const select = await screen.findByTestId<HTMLSelectElement>('country-select', {}, { timeout: 8000 });
      expect(select.value).toBe('FR');
      const names = within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
      for (const offered of [
        'Espagne',
        'Italie',
        'Belgique',
        'Pays-Bas',
        'Allemagne',
        'Maroc',
        'États-Unis',
        'Portugal',
      ]) {
        expect(names).toContain(offered);
      }
      // Alphabetical in the user's language.
      expect(names.indexOf('Allemagne')).toBeLessThan(names.indexOf('Espagne'));
      expect(screen.getByTestId('country-prefix').textContent).toBe('+33');
      fireEvent.change(select, { target: { value: 'NL' } });
      expect(screen.getByTestId('country-prefix').textContent).toBe('+31');
    },
  );

  it('formats a Spanish number as Spain writes it once Spain is chosen', { timeout: 15_000 }, async () => {
    const app = renderAppAt('/auth/phone/step1?lang=es');
    const select = await screen.findByTestId<HTMLSelectElement>('country-select', {}, { timeout: 8000 });
    fireEvent.change(select, { target: { value: 'ES' } });
    fireEvent.click(screen.getByTestId('country-continue'));
    const input = await screen.findByTestId<HTMLInputElement>('phone-input', {}, { timeout: 8000 });
    expect(app.location.search).toContain('prefix=%2B34');
    fireEvent.change(input, { target: { value: '612345678' } });
    expect(input.value).toBe('612 34 56 78');
  });
});
