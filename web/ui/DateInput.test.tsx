import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../common/i18n/languages';
import { applyLanguage } from '../i18n/i18n';
import { intlLocale } from '../i18n/intl-locale';
import ar from '../i18n/ar.json';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import fr from '../i18n/fr.json';
import it_ from '../i18n/it.json';
import nl from '../i18n/nl.json';
import { datePattern, parseTypedDate } from './date-input-format';
import { DateInput } from './DateInput';

afterEach(async () => {
  cleanup();
  await applyLanguage('fr', { wholeCatalogue: true });
});

/** The field as a form holds it: the day it gives, under a label, with an error paragraph it names. */
function Form({ initial = '', onDay = () => undefined }: { initial?: string; onDay?: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <label htmlFor="start">Premier envoi le</label>
      <DateInput
        id="start"
        value={day}
        onChange={(next) => {
          setDay(next);
          onDay(next);
        }}
        aria-describedby="start-error"
        data-testid="start"
      />
      <p id="start-error" />
      <output data-testid="given">{day}</output>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Premier envoi le');

describe('DateInput', () => {
  it('shows and reads a day first in French, as a text field with the number keyboard and its format read out', async () => {
    await applyLanguage('fr', { wholeCatalogue: true });
    const onDay = vi.fn();
    render(<Form initial="2027-02-01" onDay={onDay} />);
    expect(field().value).toBe('01/02/2027');
    expect(field().getAttribute('type')).toBe('text');
    expect(field().getAttribute('inputmode')).toBe('numeric');
    expect(field().getAttribute('placeholder')).toBe('JJ/MM/AAAA');
    const described = (field().getAttribute('aria-describedby') ?? '').split(' ');
    expect(described[0]).toBe('start-error');
    expect(document.getElementById(described[1] ?? '')?.textContent).toBe('Format : JJ/MM/AAAA');
    fireEvent.change(field(), { target: { value: '31/12/2027' } });
    expect(onDay).toHaveBeenLastCalledWith('2027-12-31');
    expect(screen.getByTestId('given').textContent).toBe('2027-12-31');
    // The calendar button has a name; the browser's own date field behind it is out of the tab order.
    expect(screen.getByRole('button', { name: 'Choisir dans le calendrier' })).toBeTruthy();
    const picker = screen.getByTestId('start-picker');
    expect(picker.getAttribute('tabindex')).toBe('-1');
    expect(picker.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps a half-typed or impossible day as typed, giving no day until it is whole and real', async () => {
    await applyLanguage('fr', { wholeCatalogue: true });
    render(<Form />);
    fireEvent.change(field(), { target: { value: '31/1' } });
    expect(field().value).toBe('31/1');
    expect(screen.getByTestId('given').textContent).toBe('');
    fireEvent.change(field(), { target: { value: '31/02/2027' } });
    expect(field().value).toBe('31/02/2027');
    expect(screen.getByTestId('given').textContent).toBe('');
    fireEvent.change(field(), { target: { value: '1.3.2027' } });
    expect(screen.getByTestId('given').textContent).toBe('2027-03-01');
    // Letters never get in.
    fireEvent.change(field(), { target: { value: '05/0a3/2027' } });
    expect(field().value).toBe('05/03/2027');
  });

  it('writes the day the calendar picked in the page’s order', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    render(<Form />);
    fireEvent.change(screen.getByTestId('start-picker'), { target: { value: '2027-03-05' } });
    expect(field().value).toBe('05/03/2027');
    expect(screen.getByTestId('given').textContent).toBe('2027-03-05');
  });

  it('is day first in Arabic, Spanish, Italian, Dutch and German, month first in English', async () => {
    const shown: Record<string, string> = {};
    for (const language of ['ar', 'es', 'it', 'nl', 'de', 'en'] as const) {
      await applyLanguage(language, { wholeCatalogue: true });
      render(<Form initial="2027-02-01" />);
      shown[language] = field().value;
      cleanup();
    }
    expect(shown).toEqual({
      ar: '01/02/2027',
      es: '01/02/2027',
      it: '01/02/2027',
      nl: '01-02-2027',
      de: '01.02.2027',
      en: '02/01/2027',
    });
  });

  it('has a placeholder in each language whose parts follow that language’s order and separator', () => {
    const catalogues = { fr, en, ar, es, it: it_, nl, de };
    const dayLetters = { fr: 'JJ', en: 'DD', ar: 'يوم', es: 'DD', it: 'GG', nl: 'DD', de: 'TT' };
    for (const language of LANGUAGES) {
      const pattern = datePattern(intlLocale(language));
      const placeholder = catalogues[language].common.dateInput.placeholder.replace(/\u200e/g, '');
      expect(placeholder.split(pattern.separator), language).toHaveLength(3);
      // The day's letters stand where the pattern puts the day.
      const parts = placeholder.split(pattern.separator);
      expect(parts[pattern.order.indexOf('day')], language).toBe(dayLetters[language]);
      expect(parseTypedDate(['01', '02', '2027'].join(pattern.separator), pattern), language).toBeDefined();
    }
  });
});
