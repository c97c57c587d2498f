import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { endText, formatDay, frequencyText } from './schedule-words';

afterAll(async () => {
  await applyLanguage('fr');
});

// 2026-12-07 is a Monday.
const weekly = { frequency: 'weekly', day: null, start_date: '2026-12-07' } as const;
const biweekly = { frequency: 'biweekly', day: null, start_date: '2026-12-07' } as const;
const on5th = { frequency: 'monthly', day: 5, start_date: '2026-12-07' } as const;
const last = { frequency: 'monthly', day: 'last', start_date: '2026-12-07' } as const;

async function words(language: 'fr' | 'en' | 'ar' | 'de') {
  await applyLanguage(language);
  const t = i18n.getFixedT(language);
  const locale = intlLocale(language);
  return [weekly, biweekly, on5th, last].map((s) => frequencyText(s, t, locale));
}

describe('a schedule’s frequency in words', () => {
  it('says the weekday of the start for weekly and biweekly, the day or the last day for monthly (French)', async () => {
    expect(await words('fr')).toEqual([
      'Chaque semaine, le lundi',
      'Toutes les deux semaines, le lundi',
      'Tous les mois, le 5',
      'Tous les mois, le dernier jour',
    ]);
  });

  it('reads the same in English, German and Arabic, with the weekday in the language and Western digits', async () => {
    expect(await words('en')).toEqual([
      'Every week on Monday',
      'Every two weeks on Monday',
      'Every month on day 5',
      'Every month on the last day',
    ]);
    expect(await words('de')).toEqual([
      'Jede Woche am Montag',
      'Alle zwei Wochen am Montag',
      'Jeden Monat am 5.',
      'Jeden Monat am letzten Tag',
    ]);
    expect(await words('ar')).toEqual([
      'كل أسبوع، يوم الاثنين',
      'كل أسبوعين، يوم الاثنين',
      'كل شهر، في اليوم 5',
      'كل شهر، في اليوم الأخير',
    ]);
  });

  it('keeps a calendar day whatever the browser’s time zone, and says how the schedule ends', async () => {
    await applyLanguage('fr');
    const t = i18n.getFixedT('fr');
    // A date is a day, not an instant: never shifted to the 6th by a zone west of UTC.
    expect(formatDay('2026-12-07', 'fr-FR')).toBe('7 décembre 2026');
    expect(endText({ end_date: '2027-06-30', count: null }, t, 'fr-FR')).toBe('Jusqu’au 30 juin 2027');
    expect(endText({ end_date: null, count: 1 }, t, 'fr-FR')).toBe('1 envoi');
    expect(endText({ end_date: null, count: 12 }, t, 'fr-FR')).toBe('12 envois');
    expect(endText({ end_date: null, count: null }, t, 'fr-FR')).toBe('Jusqu’à ce que vous l’annuliez');
  });
});
