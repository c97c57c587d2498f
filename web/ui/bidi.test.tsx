import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage, useTranslation } from '../i18n/i18n';
import { tIsolated } from './bidi';

function Line({ name }: { name: string }) {
  const { t } = useTranslation();
  return <p data-testid="line">{tIsolated(t, 'pickups.onlyAt', { agency: name })}</p>;
}

describe('values inside translated sentences', () => {
  it('puts each value in its own <bdi>, the sentence around it unchanged and free of invisible characters', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    const { getByTestId } = render(<Line name="Wallet Casablanca Centre, 20 Boulevard Mohammed V" />);
    const line = getByTestId('line');
    const isolated = line.querySelectorAll('bdi');
    expect(isolated).toHaveLength(1);
    expect(isolated[0]?.textContent).toBe('Wallet Casablanca Centre, 20 Boulevard Mohammed V');
    expect(line.textContent).toBe('فقط في وكالة Wallet Casablanca Centre, 20 Boulevard Mohammed V');
    expect(line.textContent).not.toMatch(/[\u2066-\u2069\uE000-\uE001]/);
    await applyLanguage('fr', { wholeCatalogue: true });
  });
});
