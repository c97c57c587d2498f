import { act, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n, useTranslation, type TranslationKey } from './i18n';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('welcome.title')}</h1>;
}

describe('the translation runtime', () => {
  afterAll(async () => {
    await applyLanguage('fr');
  });

  it('interpolates {{values}} and picks the plural form of the language, Arabic’s six included', () => {
    const fr = i18n.getFixedT('fr');
    expect(fr('errors.securityCodeWrong', { count: 1 })).toBe('Code de sécurité incorrect. Il vous reste 1 essai.');
    expect(fr('errors.securityCodeWrong', { count: 3 })).toBe('Code de sécurité incorrect. Il vous reste 3 essais.');
  });

  it('renders again in the new language when it changes, and falls back to French for a missing catalogue entry', async () => {
    await applyLanguage('fr');
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Bienvenue');
    await act(() => applyLanguage('ar'));
    expect(screen.getByRole('heading').textContent).not.toBe('Bienvenue');
    expect(document.documentElement.dir).toBe('rtl');
    const ar = i18n.getFixedT('ar');
    expect(ar('errors.securityCodeWrong', { count: 2 })).toBe('رمز الأمان غير صحيح. تبقّت لك محاولتان.');
    expect(ar('errors.securityCodeWrong', { count: 4 })).toBe('رمز الأمان غير صحيح. تبقّت لك 4 محاولات.');
    // An unknown key shows itself, never an empty string.
    expect(i18n.t('no.such.key' as never)).toBe('no.such.key');
  });
});

function Line({ k }: { k: TranslationKey }) {
  const { t } = useTranslation();
  return <p>{t(k, { name: 'Amina' })}</p>;
}

describe('catalogues in parts', () => {
  afterAll(async () => {
    await applyLanguage('fr');
  });

  it('the home scope loads the home screen’s keys; a key outside them loads the rest and renders again', async () => {
    await applyLanguage('de', { scope: 'home' });
    render(
      <>
        <Line k="home.hello" />
        <Line k="contacts.title" />
      </>,
    );
    expect(screen.getByText('Hallo Amina')).toBeTruthy();
    // Not in the home part: German's rest arrives and the line renders again in German (the first import of that
    // part is compiled on demand here, slow on a busy machine).
    expect(await screen.findByText('Meine Empfänger', {}, { timeout: 5000 })).toBeTruthy();
  });
});
